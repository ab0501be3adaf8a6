import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import type { RouterContext } from './routerContext';
import { ErrorPage } from './shared/ui/ErrorPage';
import { NotFound } from './shared/ui/NotFound';
import type { MenuData } from './shared/ui/navigation';
import { PageLoader } from './shared/ui/PageLoader';

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // Pages scroll to top on route change (spec section 2).
    scrollRestoration: false,
    defaultPendingComponent: PageLoader,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: ErrorPage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's entry in the header menu (src/shared/ui/navigation.ts). */
    menu?: MenuData;
  }
}
