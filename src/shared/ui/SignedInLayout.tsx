import { Container } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { Header } from './Header';
import { SessionWatch } from './SessionWatch';
import { useLanguage } from '../../messages/t';

/** Header and page for every signed-in route. */
export function SignedInLayout() {
  useLanguage(); // re-render in the newly chosen language
  return (
    <>
      <Header />
      <SessionWatch />
      <Container size="md" py="md" component="main" id="main">
        <Outlet />
      </Container>
    </>
  );
}
