import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { t } from '../../messages/t';
import { toast } from '../ui/toast';
import { ApiError } from './ApiError';
import { isStepUp } from './stepUp';

function isAbort(error: unknown) {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** The message a user sees for a failed call. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return t('error.unexpected');
}

/** Whether a failed call asks for a step-up sign-in (RFC 9470). */
export function needsStepUp(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && isStepUp(error.challenge);
}

/**
 * `meta` a query or mutation may carry:
 * - `silent`: it shows its failure itself, no toast;
 * - `ownStepUp`: it answers a step-up challenge itself (the identity link, whose sign-in
 *   must carry the link attempt).
 */
interface CallMeta extends Record<string, unknown> {
  silent?: boolean;
  ownStepUp?: boolean;
}

/**
 * Every failed query or mutation is shown as a toast by its message (spec section 8).
 * `onUnauthorized` answers a 401 (an ended session, or a step-up challenge): true when it
 * handles it (a new sign-in), false to show the error like any other.
 */
export function createQueryClient(options: { retry?: boolean; onUnauthorized?: (error: ApiError) => boolean } = {}) {
  const onError = (error: unknown, meta?: CallMeta) => {
    if (isAbort(error)) return;
    if (meta?.ownStepUp && needsStepUp(error)) return;
    // The session ended on the server's side, or the server wants a fresh sign-in: sign in
    // again and come back to this page.
    if (error instanceof ApiError && error.status === 401 && options.onUnauthorized?.(error)) return;
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
      // What a mutation sent (passwords, answers, codes, enrollment secrets) and got back leaves
      // memory as soon as the page or wizard that made it is left.
      mutations: { retry: false, gcTime: 0 },
    },
  });
}
