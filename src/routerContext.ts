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
