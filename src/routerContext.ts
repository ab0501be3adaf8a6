import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from './shared/auth/auth';

/**
 * What every route's beforeLoad and loader receive. Components read `auth` from here too
 * (`useAuth`), never from props: one way, wherever the code runs.
 */
export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}

/**
 * Whether a route (by its id) sits under the one layout route that checks sign-in
 * (routes/_authenticated.tsx): a signed-in page.
 */
export const isUnderTheGuard = (routeId: string) => routeId.startsWith('/_authenticated/');
