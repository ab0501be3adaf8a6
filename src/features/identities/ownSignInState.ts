import { OIDC_PREFIX } from '../../shared/storageKeys';

/** A sign-in request older than this is not one a person is still in the middle of. */
export const OWN_SIGN_IN_STATE_TTL_MS = 60 * 60_000;
const STATE_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Whether `state` is the state of a sign-in request this tab sent itself and has not completed:
 * the OpenID library keeps each request it sends under `oidc.{state}` in this tab's session
 * storage until its callback uses it. The identity provider sends a social login that has no
 * university account yet to /idp/instructions with that state; a link crafted elsewhere cannot
 * know it.
 */
export function isOwnSignInState(state: unknown, { session = window.sessionStorage, now = Date.now() } = {}): state is string {
  if (typeof state !== 'string' || !STATE_SHAPE.test(state)) return false;
  try {
    const stored = JSON.parse(session.getItem(`${OIDC_PREFIX}${state}`) ?? 'null') as {
      id?: unknown;
      created?: unknown;
      request_type?: unknown;
    } | null;
    // A sign-in by redirect ('si:r'), not a sign-out or a silent renewal.
    if (!stored || stored.id !== state || stored.request_type !== 'si:r' || typeof stored.created !== 'number') return false;
    // The library writes its time in seconds.
    const age = now - stored.created * 1000;
    return age >= -60_000 && age <= OWN_SIGN_IN_STATE_TTL_MS;
  } catch {
    return false;
  }
}

/** Uses the request up: its state leads to one link attempt at most. */
export function forgetSignInState(state: string, session: Storage = window.sessionStorage): void {
  session.removeItem(`${OIDC_PREFIX}${state}`);
}
