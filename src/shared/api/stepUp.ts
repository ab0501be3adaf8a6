/** What a `WWW-Authenticate: Bearer ...` answer asks of the client (RFC 6750, RFC 9470). */
export interface BearerChallenge {
  /** e.g. `invalid_token`, or `insufficient_user_authentication` for a step-up. */
  error?: string;
  /** RFC 9470: the person must have authenticated within this many seconds. */
  maxAge?: number;
  /** RFC 9470: the authentication context classes, space-separated, in order of preference, one of which is needed. */
  acrValues?: string;
}

/** The step-up error of RFC 9470: a fresh (or stronger) sign-in is needed for this call. */
export const STEP_UP_ERROR = 'insufficient_user_authentication';

/** Whether an answer's challenge asks for a step-up sign-in. */
export function isStepUp(challenge: BearerChallenge | undefined): challenge is BearerChallenge & { error: typeof STEP_UP_ERROR } {
  return challenge?.error === STEP_UP_ERROR;
}
