import { loadConfig } from '../config/config';
import { createAuth } from './auth';

/**
 * Starts the sign-in (authorization code with PKCE, through oidc-client-ts) from the page's first
 * code, before the app has loaded: the same call the app's sign-in route makes, except that the
 * identity provider's page takes this page's place in the history (Back from there goes where
 * the person came from). Rejects when the settings or the identity provider cannot be read.
 */
export async function leaveForSignIn(options: { returnTo?: string }): Promise<void> {
  await loadConfig();
  await createAuth(undefined, { watch: false }).signIn({ ...options, replace: true });
}
