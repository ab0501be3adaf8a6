import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from './shared/auth/auth';

/** What every route's beforeLoad and loader receive. */
export interface RouterContext {
  auth: Auth;
  queryClient: QueryClient;
}
