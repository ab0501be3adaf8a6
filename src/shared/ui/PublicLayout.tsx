import { Container } from '@mantine/core';
import type { ReactNode } from 'react';

/** Public pages (sign-in hand-offs, link results, errors) have no header. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Container size="sm" py="xl" component="main" id="main">
      {children}
    </Container>
  );
}
