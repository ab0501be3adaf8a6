import { Container } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { Header } from './Header';

/** Header and page for every signed-in route. */
export function SignedInLayout() {
  return (
    <>
      <Header />
      <Container size="md" py="md" component="main" id="main">
        <Outlet />
      </Container>
    </>
  );
}
