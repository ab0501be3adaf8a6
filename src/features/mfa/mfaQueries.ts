import type { QueryClient } from '@tanstack/react-query';
import { getGetFactorsQueryOptions } from '../../../generated/api/factors/factors';
import { getListPasskeysQueryOptions } from '../../../generated/api/passkeys/passkeys';
import type { PageQuery } from '../../shared/api/queries';

/**
 * What the Set up MFA page reads: the factors (the layout's too) and the passkeys. A module of
 * its own, as light as the route's loader must be: the loader is in the app's first code, the
 * page is not.
 */
export const mfaMethodsQueries = (): PageQuery[] => [getGetFactorsQueryOptions(), getListPasskeysQueryOptions()];

/** What a change to a method makes stale: both lists (a passkey is in both), read again after it. */
export const mfaMethodsQueryKeys = () => mfaMethodsQueries().map((query) => query.queryKey);

/** Reads both lists again, once a change to a method is done. */
export const refreshMfaMethods = (queryClient: QueryClient) =>
  Promise.all(mfaMethodsQueryKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })));
