import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../routerContext';
import { Footer } from '../app/Footer';
import { SkipLink } from '../app/SkipLink';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
});

function Root() {
  return (
    <>
      <SkipLink />
      {/* Every page is at least a screen tall, so the footer starts below the fold and never moves
          when one page hands over to the next (the sign-in callback to the profile). */}
      <div style={{ minHeight: '100dvh' }}>
        <Outlet />
      </div>
      <Footer />
    </>
  );
}
