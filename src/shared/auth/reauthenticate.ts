import type { Auth } from './auth';

const REAUTH_KEY = 'portal.reauthAt';
/** A 401 this soon after signing in again is shown as an error instead of looping. */
export const REAUTH_QUIET_MS = 60_000;

/**
 * What to do when the server answers 401 mid-session: sign in again, coming back to the same
 * page. Answers true when it started that, false to show the error. The old tokens stay until
 * the new ones replace them, so no call that races the redirect goes out without a bearer.
 */
export function createReauthenticator(auth: Auth, { storage = window.sessionStorage, now = Date.now, here = () => `${window.location.pathname}${window.location.search}` } = {}) {
  let started = false;
  return function onUnauthorized(): boolean {
    // Several calls may fail at once; one trip to the identity provider is enough.
    if (started) return true;
    if (now() - Number(storage.getItem(REAUTH_KEY) ?? 0) < REAUTH_QUIET_MS) return false;
    started = true;
    storage.setItem(REAUTH_KEY, String(now()));
    const returnTo = here();
    void auth.signIn({ returnTo });
    return true;
  };
}
