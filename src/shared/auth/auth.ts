import type { User, UserManager } from 'oidc-client-ts';
import { startingLanguage } from '../../messages/language';
import type { MessageKey } from '../../messages/en';
import { browser } from '../browser';
import { config } from '../config';
import { jwtClaims } from '../jwt';
import { safeReturnPath } from './returnPath';
import { readStoredUser, type StoredUser } from './storedUser';
import { COLOR_SCHEME_STORAGE_KEY, LANGUAGE_STORAGE_KEY, OIDC_PREFIX, SESSION_CHANNEL, SIGNED_IN_AT_KEY, SIGNED_OUT_AT_KEY } from '../storageKeys';

const CALLBACK_PATH = '/auth/default/callback';

interface SignInOptions {
  /** Where to come back to (kept only when it is a signed-in page, see returnPath.ts). */
  returnTo?: string;
  scope?: string;
  /**
   * The nonce of an identity-link attempt this sign-in completes. Such a sign-in always asks
   * for a fresh authentication (prompt=login, max_age=0): a live single sign-on session alone
   * never completes a link.
   */
  link?: string;
  /** A step-up (RFC 9470): the identity provider must have authenticated the person within this many seconds. */
  maxAge?: number;
  /**
   * A step-up (RFC 9470): the authentication context classes the server asked for
   * (`acr_values`, space-separated), passed on to the identity provider as they came.
   */
  acrValues?: string;
  /**
   * Leave in place of the current history entry: for the page's first code, whose page is only
   * a hand-off (Back from the identity provider then goes where the person came from, not to a
   * page that would send them on again).
   */
  replace?: boolean;
}

/** What a completed sign-in tells the page that completed it. */
export interface SignInResult {
  /** Where the user goes next. */
  returnTo: string;
  /** Who signed in (the ID token's subject). */
  subject: string;
  /** The identity-link nonce the sign-in carried, if it was started for a link. */
  link?: string;
  /** Whether it was a step-up the server asked for. */
  stepUp: boolean;
}

/** What the router and pages know of sign-in; tests hand in their own. */
export interface Auth {
  /** The signed-in user, or null when there is none or the tokens have expired. */
  getUser(): Promise<StoredUser | null>;
  /** The current access token, for the fetch function; read from storage on any page. */
  accessToken(): string | undefined;
  /** Starts the authorization-code + PKCE sign-in at the identity provider. */
  signIn(options?: SignInOptions): Promise<void>;
  /** Whether this tab started the sign-in that this callback address answers. */
  isPendingSignIn(url: string): boolean;
  /** Completes sign-in on the callback route; the code it carries can be redeemed only once, so call it once per callback. */
  completeSignIn(url: string): Promise<SignInResult>;
  /** Renews the access token silently with the refresh token; false when that is refused. */
  renew(): Promise<boolean>;
  /** Who is signed in (the token's subject); undefined without a user. */
  subject(): string | undefined;
  /** When the current access token expires, in seconds since 1970; undefined without one. */
  expiresAt(): number | undefined;
  /** True from the moment a logout starts (here or in another tab): nothing may sign in again by itself. */
  signedOut(): boolean;
  /** Forgets the tokens in this browser only. */
  forgetUser(): Promise<void>;
  /**
   * Logs out: first forgets everything of the session in this tab (tokens, the OpenID
   * library's state, drafts, the identity-link state) and tells the portal's other tabs,
   * then ends the server sessions with the captured token, revokes the refresh token (giving
   * up after 2 s) and signs out at the identity provider's end-session endpoint.
   */
  signOut(options?: {
    endServerSessions?: (accessToken: string) => Promise<unknown>;
    /** Leave for this page (the central sign-out) instead of the identity provider's end-session endpoint. */
    leaveTo?: string;
    /**
     * Leave only once this has settled (the signed-out page on screen, its code loaded): a code
     * file still loading when the page leaves is cancelled, Firefox reports that as a missing
     * file, and the one-reload guard's reload would take the place of the sign-out at the
     * identity provider. Waited for at most LEAVE_WAIT_MS.
     */
    ready?: Promise<unknown>;
  }): Promise<void>;
  /** Calls `listener` when another tab of the portal logs out; returns the unsubscribe. */
  onSignedOutElsewhere(listener: () => void): () => void;
}

/**
 * A sign-in the identity provider completed but the portal refuses: why, as a text of the
 * catalogue (shown in the language of the moment, which may change while it is on screen).
 */
export class SignInRefused extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
    this.name = 'SignInRefused';
  }
}

/** What travels with a sign-in in oidc-client-ts's state (session storage, this tab). */
type SignInState = { returnTo?: string; startedAt?: number; link?: string; maxAge?: number; stepUp?: boolean };

/**
 * How much older than its ID token an authentication may be when the sign-in asked for
 * max_age: the redirect back and the code exchange take a moment. Both times are the
 * identity provider's, so the browser's clock does not matter.
 */
const FRESH_SIGN_IN_ALLOWANCE_SECONDS = 120;

/** Revoking the refresh token at logout gives up after this long. */
const REVOKE_TIMEOUT_MS = 2000;

/** A logout waits at most this long for its signed-out page before it leaves. */
const LEAVE_WAIT_MS = 5000;

/**
 * Whether the ID token shows an authentication recent enough for a sign-in that asked for
 * `maxAge` (OpenID Connect Core 3.1.2.1: with max_age the ID token must carry auth_time).
 */
function isFreshEnough(idToken: string | undefined, maxAge: number): boolean {
  const claims = jwtClaims(idToken);
  const { auth_time: authTime, iat } = claims ?? {};
  if (typeof authTime !== 'number' || typeof iat !== 'number') return false;
  return iat - authTime <= maxAge + FRESH_SIGN_IN_ALLOWANCE_SECONDS;
}

/** Where oidc-client-ts keeps the signed-in user (its WebStorageStateStore, prefix `oidc.`). */
export function userStorageKey(authority = config.oidcAuthority, clientId = config.oidcClientId) {
  return `${OIDC_PREFIX}user:${authority}:${clientId}`;
}

function toStoredUser(user: User | null): StoredUser | null {
  if (!user || user.expired) return null;
  return { access_token: user.access_token, id_token: user.id_token, expires_at: user.expires_at, profile: user.profile };
}

/** Loads oidc-client-ts on first use: a signed-in page that only reads its token never does. */
async function loadUserManager(origin = window.location.origin): Promise<UserManager> {
  const { UserManager, WebStorageStateStore, keepProviderMetadata, readProviderMetadata } = await import('./oidcLibrary');
  const storage = new WebStorageStateStore({ store: window.sessionStorage });
  // The discovery document fetched within the hour (by the page that left for the identity
  // provider, or another tab): the callback redeems its code without fetching it again.
  const metadata = readProviderMetadata(window.localStorage, config.oidcAuthority);
  const manager = new UserManager({
    authority: config.oidcAuthority,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    // offline_access: providers such as Okta issue the refresh token that silent renewal uses
    // only when it is asked for.
    scope: 'openid profile email offline_access',
    // The spec keeps tokens in session storage; the sign-in state goes there too.
    userStore: storage,
    stateStore: storage,
    loadUserInfo: false,
    automaticSilentRenew: false,
    // An identity provider that does not answer fails the step instead of leaving it waiting.
    requestTimeoutInSeconds: 10,
    ...(metadata ? { metadata } : {}),
  });
  // Fetched once here (a failure fails this load, and the next use tries again), then kept.
  if (!metadata) keepProviderMetadata(window.localStorage, config.oidcAuthority, await manager.metadataService.getMetadata());
  return manager;
}

/**
 * Clears local storage but for what is not personal and must outlive a session: the language
 * and theme choices, and the time of the last logout (which sleeping tabs check).
 */
export function clearLocalState(local: Storage = window.localStorage) {
  clearLocalStorageExcept([LANGUAGE_STORAGE_KEY, COLOR_SCHEME_STORAGE_KEY, SIGNED_OUT_AT_KEY], local);
}

function clearLocalStorageExcept(keys: string[], local: Storage) {
  const kept = keys.map((key) => [key, local.getItem(key)] as const);
  local.clear();
  for (const [key, value] of kept) if (value !== null) local.setItem(key, value);
}

/** The slice of BroadcastChannel the portal uses (tests hand in their own). */
interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const SIGNED_OUT_MESSAGE = 'signed-out';

function defaultChannel(): SessionChannel | undefined {
  return typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : undefined;
}

/** The revocation endpoint call, which must not hold a logout up for long. */
async function revokeRefreshToken(manager: UserManager, clientId: string, token: string): Promise<void> {
  const controller = new AbortController();
  const giveUp = setTimeout(() => controller.abort(), REVOKE_TIMEOUT_MS);
  try {
    await Promise.race([
      (async () => {
        const endpoint = await manager.metadataService.getRevocationEndpoint();
        if (!endpoint) return;
        // The identity provider's own endpoint (RFC 7009), not the API: the fetch function's
        // bearer, limits and error toasts have no place here.
        // eslint-disable-next-line no-restricted-globals
        await fetch(endpoint, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: clientId }),
          signal: controller.signal,
          cache: 'no-store',
        });
      })(),
      new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve())),
    ]);
  } catch {
    // Revocation is a courtesy: the provider's own expiry still ends the token.
  } finally {
    clearTimeout(giveUp);
  }
}

export function createAuth(
  loadManager: () => Promise<UserManager> = () => loadUserManager(),
  {
    storage = window.sessionStorage,
    local = window.localStorage,
    key = userStorageKey(),
    clientId = config.oidcClientId,
    watch = true,
    channel = watch ? defaultChannel() : undefined,
    now = Date.now,
    language = startingLanguage,
  }: {
    storage?: Storage;
    local?: Storage;
    key?: string;
    clientId?: string;
    channel?: SessionChannel;
    now?: () => number;
    /** The portal's language now, for the identity provider's page (the app passes the switch's). */
    language?: () => string;
    /**
     * Whether this instance follows logouts in other tabs (the app's does); the one the page's
     * first code uses to leave for sign-in does not.
     */
    watch?: boolean;
  } = {},
): Auth {
  let current: StoredUser | null = null;
  let managerPromise: Promise<UserManager> | undefined;
  let signingOut = false;
  const elsewhereListeners = new Set<() => void>();

  const manager = () =>
    (managerPromise ??= loadManager().then(
      (loaded) => {
        loaded.events.addUserLoaded((user) => {
          if (!signingOut) current = toStoredUser(user);
        });
        loaded.events.addUserUnloaded(() => {
          current = null;
        });
        return loaded;
      },
      (reason: unknown) => {
        // The library or the identity provider could not be reached: the next step tries again.
        managerPromise = undefined;
        throw reason;
      },
    ));

  /** Everything of the session leaves this tab: tokens, the library's state, drafts, link state. */
  function forgetSession() {
    current = null;
    // Session storage holds only the session's things (tokens, the OpenID library's pending
    // states, drafts, the sign-in loop guard): all of it goes; local storage holds the identity-link state,
    // which must not outlive a logout, and the language and theme choices, which are not
    // personal and stay, like the time of the logout itself.
    storage.clear();
    clearLocalState(local);
  }

  /** Whether this tab's sign-in began before the last logout in this browser. */
  const predatesLogout = () => Number(storage.getItem(SIGNED_IN_AT_KEY) ?? 0) < Number(local.getItem(SIGNED_OUT_AT_KEY) ?? 0);

  /**
   * The stored user, unless a logout (here or in another tab) has voided it: then this tab's
   * session ends too, its refresh token is revoked, and the pages are told.
   */
  function storedUser(nowSeconds?: number): StoredUser | null {
    if (signingOut) return null;
    const user = readStoredUser(storage, key, nowSeconds);
    if (!readStoredUser(storage, key, 0) || !predatesLogout()) return user;
    endedElsewhere();
    return null;
  }

  function endedElsewhere() {
    const stored = readStoredUser(storage, key, 0);
    // A tab without a session (on its way to sign in) has nothing to end.
    if (signingOut || !stored || !predatesLogout()) return;
    signingOut = true;
    forgetSession();
    elsewhereListeners.forEach((listener) => listener());
    // Its refresh token must not outlive the logout either.
    if (stored.refresh_token)
      void manager().then(
        (loaded) => revokeRefreshToken(loaded, clientId, stored.refresh_token!),
        () => undefined,
      );
  }

  channel?.addEventListener('message', (event) => {
    if (event.data === SIGNED_OUT_MESSAGE) endedElsewhere();
  });
  if (watch && typeof window !== 'undefined' && storage === window.sessionStorage) {
    // Where BroadcastChannel is missing, or the tab was asleep when the message went out.
    window.addEventListener('storage', (event) => event.key === SIGNED_OUT_AT_KEY && endedElsewhere());
    window.addEventListener('pageshow', (event) => event.persisted && endedElsewhere());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && endedElsewhere());
  }

  return {
    async getUser() {
      current = storedUser();
      return current;
    },
    accessToken() {
      if (signingOut) return undefined;
      // A public page (a social callback) has not read the stored user yet: the spec wants the
      // bearer on every request once one exists.
      if (!current) current = storedUser();
      if (current?.expires_at !== undefined && current.expires_at <= Date.now() / 1000) current = null;
      return current?.access_token;
    },
    async signIn({ returnTo, scope, link, maxAge, acrValues, replace } = {}) {
      // Nothing signs in again by itself once a logout has begun: a new sign-in starts from a
      // fresh page (the signed-out page's link).
      if (signingOut) return;
      const state: SignInState = {
        returnTo: safeReturnPath(returnTo),
        startedAt: now(),
        ...(link ? { link, maxAge: 0 } : {}),
        ...(maxAge !== undefined && !link ? { maxAge } : {}),
        ...((maxAge !== undefined || acrValues) && !link ? { stepUp: true } : {}),
      };
      const fresh = link
        ? { prompt: 'login', max_age: 0 }
        : { ...(maxAge !== undefined ? { max_age: maxAge } : {}), ...(acrValues ? { acr_values: acrValues } : {}) };
      // The identity provider's page speaks the portal's current language (OIDC ui_locales).
      await (
        await manager()
      ).signinRedirect({
        state,
        ui_locales: language(),
        ...(scope ? { scope } : {}),
        ...fresh,
        ...(replace ? { redirectMethod: 'replace' as const } : {}),
      });
    },
    isPendingSignIn(url) {
      try {
        const state = new URL(url).searchParams.get('state');
        // oidc-client-ts keeps each sign-in it started under `oidc.<state>` (its state store).
        return Boolean(state) && storage.getItem(`${OIDC_PREFIX}${state}`) !== null;
      } catch {
        return false;
      }
    },
    async completeSignIn(url) {
      const user = await (await manager()).signinRedirectCallback(url);
      const state = (user.state ?? {}) as SignInState;
      if (typeof state.maxAge === 'number' && !isFreshEnough(user.id_token, state.maxAge)) {
        throw new SignInRefused('auth.notFresh');
      }
      storage.setItem(SIGNED_IN_AT_KEY, String(typeof state.startedAt === 'number' ? state.startedAt : now()));
      // A logout elsewhere while this sign-in was under way voids it.
      if (predatesLogout()) throw new SignInRefused('auth.loggedOutMeanwhile');
      current = toStoredUser(user);
      return {
        returnTo: safeReturnPath(state.returnTo),
        subject: user.profile.sub,
        ...(typeof state.link === 'string' ? { link: state.link } : {}),
        stepUp: state.stepUp === true,
      };
    },
    async renew() {
      // Renewal is by refresh token only: without one (or once signing out has begun) there is
      // nothing to try, and no hidden frame is attempted (the CSP forbids framing).
      if (!storedUser(0)?.refresh_token) return false;
      try {
        const renewed = await (await manager()).signinSilent();
        if (signingOut) {
          // A renewal that raced the logout must not bring the tokens back.
          storage.removeItem(key);
          return false;
        }
        current = toStoredUser(renewed);
        return current !== null;
      } catch {
        return false;
      }
    },
    expiresAt() {
      return current?.expires_at;
    },
    subject() {
      // Who is signed in does not change when the access token expires.
      return current?.profile.sub ?? storedUser(0)?.profile.sub;
    },
    signedOut() {
      return signingOut;
    },
    async forgetUser() {
      current = null;
      await (await manager()).removeUser();
    },
    async signOut({ endServerSessions, leaveTo, ready } = {}) {
      // A second Logout (the header and the session dialog both offer one) has nothing left to do.
      if (signingOut) return;
      const stored = readStoredUser(storage, key, 0);
      signingOut = true;
      // Nothing of the session is left in this browser before the first network call, and
      // every tab's tokens from before this moment are void.
      forgetSession();
      local.setItem(SIGNED_OUT_AT_KEY, String(now()));
      channel?.postMessage(SIGNED_OUT_MESSAGE);
      if (stored && endServerSessions) await endServerSessions(stored.access_token).catch(() => undefined);
      const loaded = await manager();
      // The refresh token must not outlive the logout, where the provider offers revocation.
      if (stored?.refresh_token) await revokeRefreshToken(loaded, clientId, stored.refresh_token);
      if (ready) {
        let giveUp: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([ready.catch(() => undefined), new Promise((resolve) => (giveUp = setTimeout(resolve, LEAVE_WAIT_MS)))]);
        clearTimeout(giveUp);
      }
      if (leaveTo) browser.assign(leaveTo);
      else await loaded.signoutRedirect(stored?.id_token ? { id_token_hint: stored.id_token } : {});
    },
    onSignedOutElsewhere(listener) {
      elsewhereListeners.add(listener);
      return () => void elsewhereListeners.delete(listener);
    },
  };
}
