import { notFound } from '@tanstack/react-router';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import { isSocialProvider } from '../config/socialProviders';

/**
 * Route options of a page whose loader runs a step of a sign-in or link flow: starting a
 * sign-in, redeeming a callback's code, asking the server for a provider's address, using up a
 * one-time mark, preparing a link's confirmation. Spread them first in the route's options:
 *
 *     createFileRoute('/auth/$provider/login')({
 *       ...FLOW_ROUTE,
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
 * The build loads a flow's loader and page together, on the visit, while its small waiting page
 * ships with the app (vite.config.ts, `splitBehavior`).
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
