import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../routerContext';
import { Footer } from '../shared/ui/Footer';
import { SkipLink } from '../shared/ui/SkipLink';
import { useLanguage } from '../messages/t';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  useLanguage(); // re-render in the newly chosen language
  return (
    <>
      <SkipLink />
      <Outlet />
      <Footer />
    </>
  );
}
