import type { ApiError } from '../api/ApiError';
import { isStepUp } from '../api/stepUp';
import type { Auth } from './auth';
import { REAUTH_KEY } from '../storage/storageKeys';

/** A 401 this soon after signing in again is shown as an error instead of looping. */
export const REAUTH_QUIET_MS = 60_000;

/** The last sign-in this tab started for a 401: when, and the max_age and acr_values it asked for (a step-up). */
interface LastSignIn {
  at: number;
  maxAge?: number;
  acrValues?: string;
}

function lastSignIn(storage: Storage): LastSignIn | undefined {
  try {
    const value = JSON.parse(storage.getItem(REAUTH_KEY) ?? 'null') as Partial<LastSignIn> | null;
    if (typeof value?.at !== 'number') return undefined;
    return {
      at: value.at,
      ...(typeof value.maxAge === 'number' ? { maxAge: value.maxAge } : {}),
      ...(typeof value.acrValues === 'string' ? { acrValues: value.acrValues } : {}),
    };
  } catch {
    return undefined;
  }
}

/** What a step-up asks for: how recent, and how strong (RFC 9470). */
interface StepUp {
  maxAge?: number;
  acrValues?: string;
}

/**
 * Whether the sign-in just made should already have answered this 401, so asking again would
 * loop: any recent sign-in answers an ended session; only a recent step-up with a max_age at
 * least as strict, and the same acr_values, answers a step-up (an ordinary sign-in may reuse an
 * older or weaker authentication).
 */
function alreadyAnswered(last: LastSignIn | undefined, now: number, stepUp: StepUp | undefined): boolean {
  if (!last || now - last.at >= REAUTH_QUIET_MS) return false;
  if (!stepUp) return true;
  const recentEnough = stepUp.maxAge === undefined || (last.maxAge !== undefined && last.maxAge <= stepUp.maxAge);
  const strongEnough = stepUp.acrValues === undefined || last.acrValues === stepUp.acrValues;
  return recentEnough && strongEnough && (last.maxAge !== undefined || last.acrValues !== undefined);
}

/**
 * What to do when the server answers 401 mid-session: sign in again, coming back to the same
 * page; for a step-up challenge (RFC 9470) with the max_age and acr_values the server asked for. Answers true
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
    // A step-up names how recent the authentication must be, how strong, or both; one that names
    // neither asks for a fresh one.
    const stepUp: StepUp | undefined = isStepUp(challenge)
      ? {
          ...(challenge.maxAge !== undefined ? { maxAge: challenge.maxAge } : challenge.acrValues ? {} : { maxAge: 0 }),
          ...(challenge.acrValues ? { acrValues: challenge.acrValues } : {}),
        }
      : undefined;
    if (alreadyAnswered(lastSignIn(storage), now(), stepUp)) return false;
    started = true;
    storage.setItem(REAUTH_KEY, JSON.stringify({ at: now(), ...stepUp }));
    auth.signIn({ returnTo: here(), ...stepUp }).catch((reason: unknown) => {
      // The identity provider could not be reached: the next 401 shows its error instead of
      // being swallowed by a sign-in that never started.
      started = false;
      onSignInFailed?.(reason);
    });
    return true;
  };
}
