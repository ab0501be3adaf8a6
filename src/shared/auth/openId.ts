import type { User, UserManager } from 'oidc-client-ts';
import type { FrameKey } from '../../messages/en';
import { browser } from '../navigation/browser';
import { config } from '../config/config';
import { jwtClaims } from './jwt';
import { safeReturnPath } from './returnPath';

/**
 * The OpenID library (oidc-client-ts), loaded on first use, and what the portal asks of the
 * identity provider: sign-in (authorization code with PKCE), its callback, silent renewal
 * with the refresh token, revocation and the end-session endpoint. It keeps nothing itself:
 * the library stores the user in the session's storage (session.ts reads it).
 */

export interface SignInOptions {
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
   * The person started this sign-in themselves: they opened the portal or its sign-in page with
   * no session in the tab, or asked to sign in again in the session dialog. Not so for the
   * portal's own re-authentication, a step-up or a link's sign-in. Its state data says so, and
   * only such a request may begin a link at the university sign-in page.
   */
  byPerson?: boolean;
  /**
   * Leave in place of the current history entry: for the page's first code, whose page is only
   * a hand-off (Back from the identity provider then goes where the person came from, not to a
   * page that would send them on again).
   */
  replace?: boolean;
}

/**
 * A sign-in the identity provider completed but the portal refuses: why, as a text of the
 * catalogue (shown in the language of the moment, which may change while it is on screen).
 */
export class SignInRefused extends Error {
  constructor(readonly key: FrameKey) {
    super(key);
    this.name = 'SignInRefused';
  }
}

/** What travels with a sign-in in oidc-client-ts's state (session storage, this tab). */
export type SignInState = {
  returnTo?: string;
  startedAt?: number;
  link?: string;
  maxAge?: number;
  /** The authentication context classes a step-up asked for (space-separated): the ID token's `acr` must be one. */
  acrValues?: string;
  stepUp?: boolean;
  byPerson?: true;
};

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
  const { auth_time: authTime, iat } = jwtClaims(idToken) ?? {};
  if (typeof authTime !== 'number' || typeof iat !== 'number') return false;
  return iat - authTime <= maxAge + FRESH_SIGN_IN_ALLOWANCE_SECONDS;
}

/**
 * Whether the ID token's `acr` is one of the classes a step-up asked for: the identity provider
 * may answer `acr_values` with a weaker authentication (they are voluntary, OIDC Core 3.1.2.1),
 * and the change must not then go on as if it had the stronger one.
 */
function isAskedAcr(idToken: string | undefined, acrValues: string): boolean {
  const { acr } = jwtClaims(idToken) ?? {};
  return typeof acr === 'string' && acrValues.split(' ').filter(Boolean).includes(acr);
}

/**
 * Loads oidc-client-ts on first use: a signed-in page that only reads its token never does
 * (docs/performance.md, "Deliberate splits").
 */
async function loadUserManager(origin = window.location.origin): Promise<UserManager> {
  return (await import('./oidcLibrary')).createUserManager(origin);
}

/** The revocation endpoint call (RFC 7009), which must not hold a logout up for long. */
async function revokeRefreshToken(manager: UserManager, clientId: string, token: string): Promise<void> {
  const controller = new AbortController();
  const giveUp = setTimeout(() => controller.abort(), REVOKE_TIMEOUT_MS);
  const revoke = async () => {
    const endpoint = await manager.metadataService.getRevocationEndpoint();
    if (!endpoint) return;
    // The identity provider's own endpoint, not the API: the fetch function's bearer, limits
    // and error toasts have no place here.
    // eslint-disable-next-line no-restricted-globals
    await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, token_type_hint: 'refresh_token', client_id: clientId }),
      signal: controller.signal,
      cache: 'no-store',
    });
  };
  try {
    await Promise.race([revoke(), new Promise<void>((resolve) => controller.signal.addEventListener('abort', () => resolve()))]);
  } catch {
    // Revocation is a courtesy: the provider's own expiry still ends the token.
  } finally {
    clearTimeout(giveUp);
  }
}

/** Waits for `ready` (the signed-out page on screen), at most LEAVE_WAIT_MS. */
async function atMostLeaveWait(ready: Promise<unknown>): Promise<void> {
  let giveUp: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([ready.catch(() => undefined), new Promise((resolve) => (giveUp = setTimeout(resolve, LEAVE_WAIT_MS)))]);
  clearTimeout(giveUp);
}

/** The parameters of the authorization request, and the state that comes back with its callback. */
function signInRequest({ returnTo, scope, link, maxAge, acrValues, replace, byPerson }: SignInOptions, startedAt: number, language: string) {
  const stepUp = (maxAge !== undefined || Boolean(acrValues)) && !link;
  const state: SignInState = {
    returnTo: safeReturnPath(returnTo),
    startedAt,
    ...(link ? { link, maxAge: 0 } : {}),
    ...(maxAge !== undefined && !link ? { maxAge } : {}),
    ...(acrValues && !link ? { acrValues } : {}),
    ...(stepUp ? { stepUp: true } : {}),
    ...(byPerson && !link && !stepUp ? { byPerson: true } : {}),
  };
  const fresh = link
    ? { prompt: 'login', max_age: 0 }
    : { ...(maxAge !== undefined ? { max_age: maxAge } : {}), ...(acrValues ? { acr_values: acrValues } : {}) };
  return {
    state,
    // The identity provider's page speaks the portal's current language (OIDC ui_locales).
    ui_locales: language,
    ...(scope ? { scope } : {}),
    ...fresh,
    ...(replace ? { redirectMethod: 'replace' as const } : {}),
  };
}

export interface OpenId {
  /** Leaves for the identity provider's sign-in. */
  signIn(options: SignInOptions): Promise<void>;
  /**
   * Redeems the callback's code (once: it can be redeemed only once); refuses a sign-in that is
   * not as fresh as it asked for (a link's, a step-up's max_age), or a step-up's whose ID token
   * names an authentication class it did not ask for.
   */
  completeSignIn(url: string): Promise<{ user: User; state: SignInState }>;
  /** Renews the tokens with the refresh token; null when that is refused. */
  renew(): Promise<User | null>;
  /** Revokes a refresh token, giving up after 2 s; never fails. */
  revoke(refreshToken: string): Promise<void>;
  /**
   * The logout's part at the identity provider: revokes the refresh token, waits for `ready`
   * (at most 5 s), then leaves for `leaveTo` or the end-session endpoint.
   */
  signOut(options: { refreshToken?: string; idToken?: string; leaveTo?: string; ready?: Promise<unknown> }): Promise<void>;
}

export function createOpenId(
  loadManager: () => Promise<UserManager> = () => loadUserManager(),
  { clientId = config.oidcClientId, now = Date.now, language }: { clientId?: string; now?: () => number; language: () => string },
): OpenId {
  let managerPromise: Promise<UserManager> | undefined;
  const manager = () =>
    (managerPromise ??= loadManager().catch((reason: unknown) => {
      // The library or the identity provider could not be reached: the next step tries again.
      managerPromise = undefined;
      throw reason;
    }));

  return {
    async signIn(options) {
      await (await manager()).signinRedirect(signInRequest(options, now(), language()));
    },
    async completeSignIn(url) {
      const user = await (await manager()).signinRedirectCallback(url);
      const state = (user.state ?? {}) as SignInState;
      if (typeof state.maxAge === 'number' && !isFreshEnough(user.id_token, state.maxAge)) throw new SignInRefused('auth.notFresh');
      if (typeof state.acrValues === 'string' && !isAskedAcr(user.id_token, state.acrValues)) throw new SignInRefused('auth.notStrongEnough');
      return { user, state };
    },
    async renew() {
      try {
        return await (await manager()).signinSilent();
      } catch {
        return null;
      }
    },
    async revoke(refreshToken) {
      await manager().then(
        (loaded) => revokeRefreshToken(loaded, clientId, refreshToken),
        () => undefined,
      );
    },
    async signOut({ refreshToken, idToken, leaveTo, ready }) {
      const loaded = await manager();
      // The refresh token must not outlive the logout, where the provider offers revocation.
      if (refreshToken) await revokeRefreshToken(loaded, clientId, refreshToken);
      if (ready) await atMostLeaveWait(ready);
      if (leaveTo) browser.assign(leaveTo);
      else await loaded.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
    },
  };
}
