import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../router';
import { isUnderTheGuard } from '../routerContext';
import { example } from '../../tests/support/examples';
import { renderRoute, fakeAuth } from '../../tests/support/renderRoute';
import { server } from '../../tests/support/server';

/**
 * Every query a signed-in page reads once it is shown is one its route's loaders (the layout's
 * and its own) started: a page never waits for a call its code asked for only as it rendered,
 * and the first page paints once, whole (docs/performance.md). The pages come from the route
 * tree, so a new one is checked without a line here.
 */
const router = createAppRouter({ auth: fakeAuth(), queryClient: new QueryClient() });
const PAGES = Object.values(router.routesById)
  .filter((route) => isUnderTheGuard(route.id) && !route.fullPath.includes('$'))
  .map((route) => route.to);

/** Every GET of the contract answering with its example for the `full` persona, where it has one. */
const mockModules = import.meta.glob<Record<string, unknown>>('../../generated/api/**/*.msw.ts', { eager: true });
function fullPersona(): RequestHandler[] {
  return Object.values(mockModules).flatMap((module) =>
    Object.entries(module).flatMap(([name, make]) => {
      const operation = /^get(Get\w+)MockHandler$/.exec(name)?.[1];
      if (!operation) return [];
      try {
        const body = example(`${operation[0]!.toLowerCase()}${operation.slice(1)}`, 'full');
        return [(make as (body: unknown) => RequestHandler)(body)];
      } catch {
        return [];
      }
    }),
  );
}

const STARTS = ['ensureQueryData', 'prefetchQuery', 'fetchQuery', 'ensureInfiniteQueryData', 'prefetchInfiniteQuery', 'fetchInfiniteQuery'] as const;
const nameOf = (queryKey: QueryKey) => queryKey.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');

/** The queries `path`'s page reads once shown, each with whether a loader had started it before. */
async function readsAndStarts(path: string) {
  const started = new Set<string>();
  const ensured: string[] = [];
  for (const method of STARTS) {
    const original = QueryClient.prototype[method] as (...args: unknown[]) => unknown;
    vi.spyOn(QueryClient.prototype, method).mockImplementation(function (this: QueryClient, ...args: unknown[]) {
      const { queryKey } = args[0] as { queryKey: QueryKey };
      started.add(hashKey(queryKey));
      if (method === 'ensureQueryData' && !rendering) ensured.push(nameOf(queryKey));
      return original.apply(this, args);
    } as never);
  }
  let rendering = false;
  const { router: pageRouter, queryClient } = renderRoute(path);
  // What the loaders started before the page's first render; what its components then read.
  const startedBeforeRender = new Set<string>();
  pageRouter.subscribe('onBeforeRouteMount', () => {
    if (rendering) return;
    rendering = true;
    started.forEach((hash) => startedBeforeRender.add(hash));
  });
  await waitFor(() => expect(pageRouter.state.status).toBe('idle'));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  const read = queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.getObserversCount() > 0 && !query.isDisabled());
  return { read, startedBeforeRender, ensured, landedOn: pageRouter.state.location.pathname };
}

describe.each([
  ['the new user', () => []],
  ['the full persona', fullPersona],
])('every signed-in page, as %s', (_persona, handlers) => {
  it.each(PAGES)('%s reads only what its loaders started', async (path) => {
    server.use(...handlers());
    const { read, startedBeforeRender, landedOn } = await readsAndStarts(path);
    expect(read.length, `${path} (shown as ${landedOn}) reads some query`).toBeGreaterThan(0);
    const unstarted = read.filter((query) => !startedBeforeRender.has(query.queryHash)).map((query) => nameOf(query.queryKey));
    expect(unstarted, `queries ${path} reads that no loader started`).toEqual([]);
  });
});

it('the first page and its layout ensure each query once, as the full persona', async () => {
  server.use(...fullPersona());
  const { ensured } = await readsAndStarts('/profile/details');
  expect(ensured.length).toBeGreaterThanOrEqual(4);
  expect(
    ensured.filter((name, i) => ensured.indexOf(name) !== i),
    'ensured twice',
  ).toEqual([]);
});

it('the pages come from the route tree', () => {
  expect(PAGES).toEqual(expect.arrayContaining(['/profile/details', '/profile/password', '/profile/mfa', '/profile/question', '/profile/login']));
});
