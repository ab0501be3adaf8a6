import { Container } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { Header } from './Header';
import { SessionWatch } from './SessionWatch';

/** Header and page for every signed-in route. */
export function SignedInLayout() {
  return (
    <>
      <Header />
      <SessionWatch />
      {/* At least a screen tall: the footer starts below the fold and never jumps as a page fills. */}
      <Container
        size="md"
        py="md"
        component="main"
        id="main"
        tabIndex={-1}
        mih="calc(100dvh - var(--portal-header-height))"
        style={{ outline: 'none' }}
      >
        <Outlet />
      </Container>
    </>
  );
}
