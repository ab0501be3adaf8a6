import type { ApiError } from '../api/ApiError';
import { isStepUp } from '../api/challenge';
import type { Auth } from './auth';
import { REAUTH_KEY } from '../storageKeys';

/** A 401 this soon after signing in again is shown as an error instead of looping. */
export const REAUTH_QUIET_MS = 60_000;

/** The last sign-in this tab started for a 401: when, and the max_age it asked for (a step-up). */
interface LastSignIn {
  at: number;
  maxAge?: number;
}

function lastSignIn(storage: Storage): LastSignIn | undefined {
  try {
    const value = JSON.parse(storage.getItem(REAUTH_KEY) ?? 'null') as Partial<LastSignIn> | null;
    return typeof value?.at === 'number' ? { at: value.at, ...(typeof value.maxAge === 'number' ? { maxAge: value.maxAge } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the sign-in just made should already have answered this 401, so asking again would
 * loop: any recent sign-in answers an ended session; only a recent step-up with a max_age at
 * least as strict answers a step-up (an ordinary sign-in may reuse an older authentication).
 */
function alreadyAnswered(last: LastSignIn | undefined, now: number, maxAge: number | undefined): boolean {
  if (!last || now - last.at >= REAUTH_QUIET_MS) return false;
  return maxAge === undefined || (last.maxAge !== undefined && last.maxAge <= maxAge);
}

/**
 * What to do when the server answers 401 mid-session: sign in again, coming back to the same
 * page; for a step-up challenge (RFC 9470) with the max_age the server asked for. Answers true
 * when it handled the answer, false to show the error. The old tokens stay until the new ones
 * replace them, so no call that races the redirect goes out without a bearer. What the person
 * typed comes back with them (the drafts); the change itself waits for them to ask again.
 */
interface ReauthenticatorOptions {
  storage?: Storage;
  now?: () => number;
  /** The page to come back to. */
  here?: () => string;
  /** Starting the sign-in failed (the identity provider could not be reached). */
  onSignInFailed?: (reason: unknown) => void;
}

export function createReauthenticator(
  auth: Auth,
  {
    storage = window.sessionStorage,
    now = Date.now,
    here = () => `${window.location.pathname}${window.location.search}`,
    onSignInFailed,
  }: ReauthenticatorOptions = {},
) {
  let started = false;
  return function onUnauthorized(error?: ApiError): boolean {
    // A logout is under way (here or in another tab): nothing may sign in again, and there is
    // nothing to show.
    if (auth.signedOut()) return true;
    // Several calls may fail at once; one trip to the identity provider is enough.
    if (started) return true;
    const challenge = error?.challenge;
    const maxAge = isStepUp(challenge) ? (challenge.maxAge ?? 0) : undefined;
    if (alreadyAnswered(lastSignIn(storage), now(), maxAge)) return false;
    started = true;
    storage.setItem(REAUTH_KEY, JSON.stringify({ at: now(), ...(maxAge !== undefined ? { maxAge } : {}) }));
    auth.signIn({ returnTo: here(), ...(maxAge !== undefined ? { maxAge } : {}) }).catch((reason: unknown) => {
      // The identity provider could not be reached: the next 401 shows its error instead of
      // being swallowed by a sign-in that never started.
      started = false;
      onSignInFailed?.(reason);
    });
    return true;
  };
}
