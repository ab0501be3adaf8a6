import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../routerContext';
import { Footer } from '../shared/ui/Footer';
import { SkipLink } from '../shared/ui/SkipLink';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  return (
    <>
      <SkipLink />
      <Outlet />
      <Footer />
    </>
  );
}
