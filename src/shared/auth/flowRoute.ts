/**
 * Route options for a page whose loader runs a step of a sign-in or link flow: starting a
 * sign-in, redeeming a callback's code, asking the server for a provider's address, using up a
 * one-time mark. Such a step must run once per visit. The router already shares one loader run
 * among the loads of a visit (the first one, and the one that takes a callback's code out of
 * the address); these options keep it from running again while the page stays (a navigation
 * to the same address), from being served from the router's cache to a later visit (which
 * starts a flow of its own), and from being started by a link's hover preload.
 */
export const ONCE_PER_VISIT = {
  staleTime: Infinity,
  shouldReload: false,
  gcTime: 0,
  preload: false,
} as const;

/** A flow page's waiting state shows at once and for no longer than the step takes: these pages are hand-offs, where a blank screen would look broken. */
export const PENDING_AT_ONCE = {
  pendingMs: 0,
  pendingMinMs: 0,
} as const;
