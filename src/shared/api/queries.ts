import { hashKey, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';

/** A query a part of a page reads, as its loader ensures it (a generated `get…QueryOptions()`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query has its own data type
export type PageQuery = FetchQueryOptions<any, any, any, any>;

/**
 * Ensures each query once, side by side, except those the layout above already ensures: the
 * page paints once with all of them. A failed call still lets the page render, with that
 * part's own error.
 */
export function ensureQueries(queryClient: QueryClient, queries: PageQuery[], { except = [] }: { except?: PageQuery[] } = {}) {
  const skip = new Set(except.map((query) => hashKey(query.queryKey)));
  const unique = new Map(
    queries.map((query) => [hashKey(query.queryKey), query]).filter(([hash]) => !skip.has(hash as string)) as [string, PageQuery][],
  );
  return Promise.allSettled([...unique.values()].map((query) => queryClient.ensureQueryData(query)));
}
