import { notFound } from '@tanstack/react-router';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import { isSocialProvider } from '../socialProviders';

/**
 * Route options of a page whose loader runs a step of a sign-in or link flow: starting a
 * sign-in, redeeming a callback's code, asking the server for a provider's address, using up a
 * one-time mark, preparing a link's confirmation. Spread them first in the route's options:
 *
 *     createFileRoute('/auth/$provider/login')({
 *       ...FLOW_ROUTE,
 *       codeSplitGroupings: [['loader']],
 *       loader: ({ context, params }) => startSocialLogin(params.provider),
 *       pendingComponent: …,
 *       component: …,
 *     })
 *
 * Such a step runs once per visit. The router already shares one loader run among the loads of
 * a visit (the first one, and the one that takes a callback's code out of the address); these
 * options keep it from running again while the page stays (a navigation to the same address),
 * from being served from the router's cache to a later visit (which starts a flow of its own),
 * and from being started by a link's hover preload. The page's waiting state shows at once and
 * for no longer than the step takes: these pages are hand-offs, where a blank screen would look
 * broken.
 *
 * `codeSplitGroupings: [['loader']]` keeps the flow's code out of the entry (it loads when a
 * visit needs it) while the small page ships with the entry, so its waiting state shows at
 * once. A page that only shows what the loader found goes with it, `[['loader', 'component']]`,
 * in the one chunk the visit fetches anyway, beside a small `pendingComponent` of a module of
 * its own (the entry keeps every module a part of it imports). The groupings are written in
 * each route file because the router plugin splits only what it reads in the object literal
 * given to `createFileRoute(...)`: a function that built the whole options object would put
 * every flow's code in the entry.
 */
export const FLOW_ROUTE = {
  staleTime: Infinity,
  shouldReload: false,
  gcTime: 0,
  preload: false,
  pendingMs: 0,
  pendingMinMs: 0,
} as const;

/**
 * The `$provider` path parameter of /auth/{provider}/… and /idp/link/{provider}/…, parsed once
 * by those paths' parent routes: a provider of the registry, or the page is not found. The
 * child routes read it typed from their params.
 */
export const PROVIDER_PARAM = {
  parse: ({ provider }: { provider: string }): { provider: SocialProvider } => {
    if (!isSocialProvider(provider)) throw notFound();
    return { provider };
  },
};
