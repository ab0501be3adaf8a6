/**
 * Every key the portal keeps in the browser's storage, in one place: what a logout clears and
 * what it keeps is decided from here, and no two modules can pick the same name. It imports
 * nothing, so every layer (the message catalogue too) may read it.
 */

// Local storage (shared by the tabs, outlives the visit)
/** The language the user chose with the switch; survives logout. */
export const LANGUAGE_STORAGE_KEY = 'portal.language';
/** Mantine's colour scheme (light or dark), under the name Mantine's manager uses; survives logout. */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';
/** When the last logout happened, so tabs that slept through it find their tokens void. */
export const SIGNED_OUT_AT_KEY = 'portal.signedOutAt';
/** The identity-link flow's state (spec section 3, "Local state": its name is the spec's). */
export const LINK_STATE_KEY = 'state';

/**
 * The identity provider's discovery document as fetched within the last hour: a new tab leaves
 * for sign-in, and the callback redeems its code, without fetching it again. Nothing personal:
 * a logout clears it, and fetches it again when it needs the end-session endpoint.
 */
export const PROVIDER_METADATA_KEY = 'portal.providerMetadata';

// Session storage (one tab, one visit)
/** When this tab's session started (its sign-in). */
export const SIGNED_IN_AT_KEY = 'portal.signedInAt';
/** Which page of this tab a logout ended (its session stays ended; the next page may sign in). */
export const ENDED_PAGE_KEY = 'portal.endedPage';
/** The nonce of the link attempt this tab started. */
export const LINK_TAB_KEY = 'portal.linkAttempt';
/** The signed ticket a provider's code exchange returned, sent back with the link. */
export const LINK_TICKET_KEY = 'portal.linkTicket';
/** What was done in this tab's visit to the "This wasn't me" guide (no secrets). */
export const SECURE_ACCOUNT_VISIT_KEY = 'portal.secureAccountVisit';
/** The phone methods this tab's person had when they began moving to a new phone (the MFA page's guide): their ids. */
export const NEW_PHONE_GUIDE_KEY = 'portal.newPhoneGuide';
/** The provider this tab has just linked, for its success page. */
export const JUST_LINKED_KEY = 'portal.justLinked';
/** The last sign-in started to renew an expired session (the loop guard). */
export const REAUTH_KEY = 'portal.reauthAt';
/** The build the router's reload marks below were made in (see staleBuild): a new build forgets them. */
export const RELOAD_MARKS_BUILD_KEY = 'portal.reloadMarksBuild';
/** The code file and build the page last reloaded for (see staleBuild). */
export const RELOADED_FOR_KEY = 'portal.reloadedFor';
/**
 * TanStack Router's own mark for a route file it reloaded the page for (lazyRouteComponent):
 * staleBuild reads and writes it too, so the page reloads once per missing file, not twice.
 */
export const ROUTER_RELOAD_PREFIX = 'tanstack_router_reload:';
export const routerReloadKey = (message: string) => `${ROUTER_RELOAD_PREFIX}${message}`;
/** oidc-client-ts keeps its user under this prefix (its own name: `oidc.user:{authority}:{client id}`). */
export const OIDC_PREFIX = 'oidc.';
/**
 * oidc-client-ts keeps each sign-in and sign-out request it sent, until its callback, under this
 * prefix and the request's state: a prefix apart from the user's, so that no state a callback
 * address names (`user:{authority}:{client id}`, which config.json makes public) can reach the
 * stored user.
 */
export const OIDC_REQUEST_PREFIX = 'oidc.request.';
/** What a person was typing, per person and field, across a sign-in round trip. */
export const draftKey = (subject: string, field: string) => `portal.draft.${subject}.${field}`;
/**
 * The state sent to a social provider, kept until its callback: in session storage, so only
 * the tab that left for the provider can come back with it.
 */
export const socialStateKey = (provider: string) => `socialState.${provider}`;

// BroadcastChannel
/** Where tabs tell each other of a logout. */
export const SESSION_CHANNEL = 'account-portal.session';
