import { OIDC_REQUEST_PREFIX } from '../storage/storageKeys';

/** A sign-in request older than this is not one a person is still in the middle of. */
const SIGN_IN_REQUEST_TTL_MS = 60 * 60_000;
/** The shape of the states oidc-client-ts makes (32 hexadecimal digits), with room to spare. */
const STATE_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

export interface OwnRequestCheck {
  session?: Storage;
  now?: number;
  /** How old the request may be; an hour unless said. */
  maxAgeMs?: number;
  /** Only a sign-in the person started themselves (its state data says so: SignInState.byPerson). */
  byPerson?: boolean;
}

/**
 * Whether `state` is the state of a sign-in request this tab sent itself and has not completed:
 * the OpenID library keeps each request it sends under `oidc.request.{state}` in this tab's
 * session storage (a prefix of its own, apart from the stored user) until its callback uses it.
 * A sign-in by redirect only (not a sign-out), whose stored id is the state, made within
 * `maxAgeMs`. A link crafted elsewhere cannot know such a state, and no other stored value (the
 * user, say) can pass for one. The sign-in callback and the identity provider's link path both
 * go on only for such a state.
 */
export function isOwnSignInState(
  state: unknown,
  { session = window.sessionStorage, now = Date.now(), maxAgeMs = SIGN_IN_REQUEST_TTL_MS, byPerson = false }: OwnRequestCheck = {},
): state is string {
  if (typeof state !== 'string' || !STATE_SHAPE.test(state)) return false;
  try {
    const stored = JSON.parse(session.getItem(`${OIDC_REQUEST_PREFIX}${state}`) ?? 'null') as {
      id?: unknown;
      created?: unknown;
      request_type?: unknown;
      data?: { byPerson?: unknown };
    } | null;
    // A sign-in by redirect ('si:r'), not a sign-out or a silent renewal.
    if (!stored || stored.id !== state || stored.request_type !== 'si:r' || typeof stored.created !== 'number') return false;
    if (byPerson && stored.data?.byPerson !== true) return false;
    // The library writes its time in seconds.
    const age = now - stored.created * 1000;
    return age >= -60_000 && age <= maxAgeMs;
  } catch {
    return false;
  }
}

/** Uses the request up: its state leads to one link attempt at most. */
export function forgetSignInState(state: string, session: Storage = window.sessionStorage): void {
  session.removeItem(`${OIDC_REQUEST_PREFIX}${state}`);
}
