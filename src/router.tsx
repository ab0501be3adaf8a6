import { createRouter, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { isUnderTheGuard, type RouterContext } from './routerContext';
import { speculatively } from './shared/errors/staleBuild';
import { ErrorPage } from './app/ErrorPage';
import { NotFound } from './app/NotFound';
import type { MenuData } from './app/navigation';
import { PageLoader } from './shared/ui/PageLoader';

export function createAppRouter(context: RouterContext, history?: RouterHistory) {
  const router = createRouter({
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
  // A preload is an intent (a link hovered or focused, the menu opened), not a request: see speculatively.
  const preload = router.preloadRoute;
  router.preloadRoute = (options) => speculatively(() => preload(options));
  return router;
}

/** The full paths of the router's routes, for the error reports' route patterns (shared/errors/errorReportOf.ts). */
export const routePathsOf = (router: AnyRouter): string[] => Object.values(router.routesById).map((route) => route.fullPath);

/**
 * The signed-in page a path of plain words names, as its route spells it (`/PROFILE/Password` is
 * `/profile/password`): where a sign-in may return to (shared/auth/returnPath.ts, which admits
 * only such paths). Read from the route tree: a new page needs no line.
 */
export const signedInPageOf =
  (router: AnyRouter) =>
  (path: string): string | undefined => {
    const [, params, route] = router.getMatchedRoutes(path);
    // A page under the guard, the whole path matched (no words left over for a splat).
    if (!route || !isUnderTheGuard(route.id) || '**' in params) return undefined;
    // Each parameter in its place, as given, the fixed words as the route spells them.
    return route.to.replace(/\$(\w+)/g, (_: string, name: string) => params[name]!);
  };

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's entry in the header menu (src/app/navigation.ts). */
    menu?: MenuData;
  }
}
