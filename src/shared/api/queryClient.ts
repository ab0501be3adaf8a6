import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { t } from '../../messages/t';
import { toast } from '../ui/toast';
import { ApiError } from './ApiError';

function isAbort(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The message a user sees for a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return t('error.unexpected');
}

/**
 * Every failed query or mutation is shown as a toast by its message (spec section 8).
 * A mutation that shows its failure inline sets `meta: { silent: true }`.
 */
/**
 * `onUnauthorized` answers a 401: true when it handles it (a new sign-in), false to show the
 * error like any other.
 */
export function createQueryClient(options: { retry?: boolean; onUnauthorized?: () => boolean } = {}) {
  const onError = (error: unknown, meta?: Record<string, unknown>) => {
    if (isAbort(error)) return;
    // The session ended on the server's side: sign in again and come back to this page.
    if (error instanceof ApiError && error.status === 401 && options.onUnauthorized?.()) return;
    if (meta?.silent) return;
    toast.error(messageOf(error));
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // A server that answered with an error will answer the same again; a network blip may not.
        retry: options.retry === false ? false : (count, error) => error instanceof ApiError && error.kind === 'network' && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
