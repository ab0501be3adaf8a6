import { UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { config } from '../config';
import { safeReturnPath } from './returnPath';

export const CALLBACK_PATH = '/auth/default/callback';

/** What the router and pages know of sign-in; tests hand in their own. */
export interface Auth {
  /** The signed-in user, or null when there is none or the tokens have expired. */
  getUser(): Promise<User | null>;
  /** The current access token, for the fetch function. */
  accessToken(): string | undefined;
  /** Starts the authorization-code + PKCE sign-in at the identity provider. */
  signIn(options?: { returnTo?: string; scope?: string }): Promise<void>;
  /** Completes sign-in on the callback route; resolves to where the user goes next. */
  completeSignIn(url: string): Promise<string>;
  /** Forgets the tokens in this browser only. */
  forgetUser(): Promise<void>;
  /** Forgets the tokens and signs out at the identity provider's end-session endpoint. */
  signOut(): Promise<void>;
}

type SignInState = { returnTo?: string };

export function createUserManager(origin = window.location.origin): UserManager {
  const storage = new WebStorageStateStore({ store: window.sessionStorage });
  return new UserManager({
    authority: config.oidcAuthority,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: 'openid profile email',
    // The spec keeps tokens in session storage; the sign-in state goes there too.
    userStore: storage,
    stateStore: storage,
    loadUserInfo: false,
    automaticSilentRenew: false,
  });
}

export function createAuth(manager: UserManager = createUserManager()): Auth {
  let current: User | null = null;
  const pendingCallbacks = new Map<string, Promise<string>>();

  manager.events.addUserLoaded((user) => {
    current = user;
  });
  manager.events.addUserUnloaded(() => {
    current = null;
  });

  return {
    async getUser() {
      const user = await manager.getUser();
      current = user && !user.expired ? user : null;
      return current;
    },
    accessToken() {
      return current && !current.expired ? current.access_token : undefined;
    },
    async signIn({ returnTo, scope } = {}) {
      const state: SignInState = { returnTo: safeReturnPath(returnTo) };
      await manager.signinRedirect({ state, ...(scope ? { scope } : {}) });
    },
    completeSignIn(url) {
      // React may mount the callback page twice; the code can be redeemed only once.
      let pending = pendingCallbacks.get(url);
      if (!pending) {
        pending = manager.signinRedirectCallback(url).then((user) => {
          current = user;
          return safeReturnPath((user.state as SignInState | undefined)?.returnTo);
        });
        pendingCallbacks.set(url, pending);
      }
      return pending;
    },
    async forgetUser() {
      current = null;
      await manager.removeUser();
    },
    async signOut() {
      const user = await manager.getUser();
      current = null;
      // Local storage holds only the portal's identity-link state: nothing of it outlives a logout.
      window.localStorage.clear();
      await manager.signoutRedirect(user?.id_token ? { id_token_hint: user.id_token } : {});
    },
  };
}
