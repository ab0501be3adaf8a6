import type { User, UserManager } from 'oidc-client-ts';
import { locale } from '../../messages/i18n';
import { LANGUAGE_STORAGE_KEY } from '../../messages/language';
import { config } from '../config';
import { clearDrafts } from '../draft';
import { COLOR_SCHEME_STORAGE_KEY } from '../ui/theme';
import { safeReturnPath } from './returnPath';

export const CALLBACK_PATH = '/auth/default/callback';

/** What the router and pages know of sign-in; tests hand in their own. */
export interface Auth {
  /** The signed-in user, or null when there is none or the tokens have expired. */
  getUser(): Promise<StoredUser | null>;
  /** The current access token, for the fetch function. */
  accessToken(): string | undefined;
  /** Starts the authorization-code + PKCE sign-in at the identity provider. */
  signIn(options?: { returnTo?: string; scope?: string }): Promise<void>;
  /** Completes sign-in on the callback route; resolves to where the user goes next. */
  completeSignIn(url: string): Promise<string>;
  /** Renews the access token silently with the refresh token; false when that is refused. */
  renew(): Promise<boolean>;
  /** Who is signed in (the token's subject); undefined without a user. */
  subject(): string | undefined;
  /** When the current access token expires, in seconds since 1970; undefined without one. */
  expiresAt(): number | undefined;
  /** Forgets the tokens in this browser only. */
  forgetUser(): Promise<void>;
  /** Forgets the tokens and signs out at the identity provider's end-session endpoint. */
  signOut(): Promise<void>;
}

type SignInState = { returnTo?: string };

/** Where oidc-client-ts keeps the signed-in user (its WebStorageStateStore, prefix `oidc.`). */
export function userStorageKey(authority = config.oidcAuthority, clientId = config.oidcClientId) {
  return `oidc.user:${authority}:${clientId}`;
}

/** The part of the stored user the portal reads without loading oidc-client-ts. */
export interface StoredUser {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_at?: number;
  profile: { sub: string } & Record<string, unknown>;
}

/**
 * Reads the user oidc-client-ts stored (its `User.toStorageString()` JSON); null when there is
 * none, it does not parse, or its access token has expired. Kept in step with the library by a
 * test that stores a real `User`.
 */
export function readStoredUser(storage: Storage, key: string, nowSeconds = Date.now() / 1000): StoredUser | null {
  try {
    const user = JSON.parse(storage.getItem(key) ?? 'null') as Partial<StoredUser> | null;
    if (!user || typeof user.access_token !== 'string' || !user.access_token) return null;
    if (typeof user.profile?.sub !== 'string') return null;
    if (typeof user.expires_at === 'number' && user.expires_at <= nowSeconds) return null;
    return user as StoredUser;
  } catch {
    return null;
  }
}

function toStoredUser(user: User | null): StoredUser | null {
  if (!user || user.expired) return null;
  return { access_token: user.access_token, id_token: user.id_token, expires_at: user.expires_at, profile: user.profile };
}

/** Loads oidc-client-ts on first use: a signed-in page that only reads its token never does. */
export async function loadUserManager(origin = window.location.origin): Promise<UserManager> {
  const { UserManager, WebStorageStateStore } = await import('oidc-client-ts');
  const storage = new WebStorageStateStore({ store: window.sessionStorage });
  return new UserManager({
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
  });
}

function clearLocalStorageExcept(keys: string[]) {
  const kept = keys.map((key) => [key, window.localStorage.getItem(key)] as const);
  window.localStorage.clear();
  for (const [key, value] of kept) if (value !== null) window.localStorage.setItem(key, value);
}

export function createAuth(
  loadManager: () => Promise<UserManager> = () => loadUserManager(),
  { storage = window.sessionStorage, key = userStorageKey() }: { storage?: Storage; key?: string } = {},
): Auth {
  let current: StoredUser | null = null;
  let managerPromise: Promise<UserManager> | undefined;
  let signingOut = false;
  const pendingCallbacks = new Map<string, Promise<string>>();

  const manager = () =>
    (managerPromise ??= loadManager().then((loaded) => {
      loaded.events.addUserLoaded((user) => {
        current = toStoredUser(user);
      });
      loaded.events.addUserUnloaded(() => {
        current = null;
      });
      return loaded;
    }));

  return {
    async getUser() {
      current = readStoredUser(storage, key);
      return current;
    },
    accessToken() {
      if (current?.expires_at !== undefined && current.expires_at <= Date.now() / 1000) current = null;
      return current?.access_token;
    },
    async signIn({ returnTo, scope } = {}) {
      const state: SignInState = { returnTo: safeReturnPath(returnTo) };
      // The identity provider's page speaks the portal's current language (OIDC ui_locales).
      await (await manager()).signinRedirect({ state, ui_locales: locale.get(), ...(scope ? { scope } : {}) });
    },
    completeSignIn(url) {
      // React may mount the callback page twice; the code can be redeemed only once.
      let pending = pendingCallbacks.get(url);
      if (!pending) {
        pending = manager()
          .then((loaded) => loaded.signinRedirectCallback(url))
          .then((user) => {
            current = toStoredUser(user);
            return safeReturnPath((user.state as SignInState | undefined)?.returnTo);
          });
        pendingCallbacks.set(url, pending);
      }
      return pending;
    },
    async renew() {
      // Renewal is by refresh token only: without one (or once signing out has begun) there is
      // nothing to try, and no hidden frame is attempted (the CSP forbids framing).
      if (signingOut || !readStoredUser(storage, key, 0)?.refresh_token) return false;
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
      return current?.profile.sub;
    },
    async forgetUser() {
      current = null;
      await (await manager()).removeUser();
    },
    async signOut() {
      const idToken = readStoredUser(storage, key, 0)?.id_token;
      signingOut = true;
      current = null;
      // Local storage holds the identity-link state, which must not outlive a logout, and the
      // language and theme choices, which are not personal and stay.
      clearLocalStorageExcept([LANGUAGE_STORAGE_KEY, COLOR_SCHEME_STORAGE_KEY]);
      clearDrafts();
      const loaded = await manager().catch((error: unknown) => {
        // The tokens leave this browser even when the OpenID library cannot be loaded.
        storage.removeItem(key);
        throw error;
      });
      // The refresh token must not outlive the logout, where the provider offers revocation.
      await loaded.revokeTokens(['refresh_token']).catch(() => undefined);
      storage.removeItem(key);
      await loaded.signoutRedirect(idToken ? { id_token_hint: idToken } : {});
    },
  };
}
