import { createFileRoute, notFound } from '@tanstack/react-router';

/** /auth/{provider} itself is no page: without this, its parent would match and show nothing. */
export const Route = createFileRoute('/auth/$provider/')({
  beforeLoad: () => {
    throw notFound();
  },
});
