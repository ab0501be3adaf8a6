import type { ApiError } from '../api/ApiError';
import { isStepUp } from '../api/challenge';
import type { Auth } from './auth';

const REAUTH_KEY = 'portal.reauthAt';
/** A 401 this soon after signing in again is shown as an error instead of looping. */
export const REAUTH_QUIET_MS = 60_000;

/**
 * What to do when the server answers 401 mid-session: sign in again, coming back to the same
 * page; for a step-up challenge (RFC 9470) with the max_age the server asked for. Answers true
 * when it handled the answer, false to show the error. The old tokens stay until the new ones
 * replace them, so no call that races the redirect goes out without a bearer. What the person
 * typed comes back with them (the drafts); the change itself waits for them to ask again.
 */
export interface ReauthenticatorOptions {
  storage?: Storage;
  now?: () => number;
  /** The page to come back to. */
  here?: () => string;
  /** Starting the sign-in failed (the identity provider could not be reached). */
  onSignInFailed?: (reason: unknown) => void;
}

export function createReauthenticator(
  auth: Auth,
  { storage = window.sessionStorage, now = Date.now, here = () => `${window.location.pathname}${window.location.search}`, onSignInFailed }: ReauthenticatorOptions = {},
) {
  let started = false;
  return function onUnauthorized(error?: ApiError): boolean {
    // A logout is under way (here or in another tab): nothing may sign in again, and there is
    // nothing to show.
    if (auth.signedOut()) return true;
    // Several calls may fail at once; one trip to the identity provider is enough.
    if (started) return true;
    if (now() - Number(storage.getItem(REAUTH_KEY) ?? 0) < REAUTH_QUIET_MS) return false;
    started = true;
    storage.setItem(REAUTH_KEY, String(now()));
    const challenge = error?.challenge;
    const maxAge = isStepUp(challenge) ? (challenge.maxAge ?? 0) : undefined;
    auth.signIn({ returnTo: here(), ...(maxAge !== undefined ? { maxAge } : {}) }).catch((reason: unknown) => {
      // The identity provider could not be reached: the next 401 shows its error instead of
      // being swallowed by a sign-in that never started.
      started = false;
      onSignInFailed?.(reason);
    });
    return true;
  };
}
