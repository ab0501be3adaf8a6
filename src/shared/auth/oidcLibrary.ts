// What sign-in loads on first use, as one file: the OpenID library (oidc-client-ts), the
// portal's settings of it, and the checks of the discovery document the portal keeps
// (providerMetadata.ts).
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { config } from '../config/config';
import { OIDC_REQUEST_PREFIX } from '../storage/storageKeys';
import { keepProviderMetadata, readProviderMetadata } from './providerMetadata';

const CALLBACK_PATH = '/auth/default/callback';

/** The library, set up as the portal uses it; fetches the discovery document unless a checked copy is kept. */
export async function createUserManager(origin: string): Promise<UserManager> {
  const userStore = new WebStorageStateStore({ store: window.sessionStorage });
  // The requests under a prefix of their own: a callback's state can name no other stored value.
  const stateStore = new WebStorageStateStore({ store: window.sessionStorage, prefix: OIDC_REQUEST_PREFIX });
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
    userStore,
    stateStore,
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
