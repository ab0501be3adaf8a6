import { createRouter, type AnyRouter, type RouterHistory } from '@tanstack/react-router';
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

/** The full paths of the router's routes, for the error reports' route patterns (shared/errors/errorReportOf.ts). */
export const routePathsOf = (router: AnyRouter): string[] => Object.values(router.routesById).map((route) => route.fullPath);

/**
 * The signed-in page a path names, as its route spells it (`/PROFILE/Password` is
 * `/profile/password`), with a parameter's value only as a plain word: where a sign-in may
 * return to (shared/auth/returnPath.ts). Read from the route tree: a new page needs no line.
 */
export const signedInPageOf =
  (router: AnyRouter) =>
  (path: string): string | undefined => {
    const [, params, route] = router.getMatchedRoutes(path);
    if (
      !route?.id.startsWith('/_authenticated/') ||
      Object.entries(params).some(([name, value]) => name === '**' || !/^[A-Za-z0-9_:-]{1,64}$/.test(value))
    )
      return undefined;
    // Each parameter in its place, as given (a plain word), the fixed words as the route spells them.
    return route.fullPath.replace(/\$(\w+)/g, (_: string, name: string) => params[name]!).replace(/(.)\/$/, '$1');
  };

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page's entry in the header menu (src/shared/ui/navigation.ts). */
    menu?: MenuData;
  }
}
