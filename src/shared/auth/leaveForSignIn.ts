import { loadConfig } from '../config';
import { createAuth } from './auth';

/**
 * Starts the sign-in (authorization code with PKCE, through oidc-client-ts) from the page's first
 * code, before the app has loaded: the same call the app's sign-in route makes. Rejects when the
 * settings or the identity provider cannot be read; the app then starts and shows why.
 */
export async function leaveForSignIn(options: { returnTo?: string }): Promise<void> {
  await loadConfig();
  await createAuth(undefined, { watch: false }).signIn(options);
}
