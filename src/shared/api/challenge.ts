/** What a `WWW-Authenticate: Bearer ...` answer asks of the client (RFC 6750, RFC 9470). */
export interface BearerChallenge {
  /** e.g. `invalid_token`, or `insufficient_user_authentication` for a step-up. */
  error?: string;
  /** RFC 9470: the person must have authenticated within this many seconds. */
  maxAge?: number;
}

/** The step-up error of RFC 9470: a fresh (or stronger) sign-in is needed for this call. */
const STEP_UP_ERROR = 'insufficient_user_authentication';

const PARAM = /\s*([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]+))\s*(?:,|$)/y;

/**
 * Reads the Bearer challenge of a WWW-Authenticate header; undefined when there is none or it
 * cannot be read. Only `error` and a non-negative whole `max_age` are kept.
 */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header || header.length > 2048) return undefined;
  const scheme = /^\s*Bearer(?:\s+|$)/i.exec(header);
  if (!scheme) return undefined;
  const params = new Map<string, string>();
  PARAM.lastIndex = scheme[0].length;
  while (PARAM.lastIndex < header.length) {
    const match = PARAM.exec(header);
    if (!match) break;
    params.set(match[1]!.toLowerCase(), match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3]!);
  }
  const challenge: BearerChallenge = {};
  const error = params.get('error');
  if (error) challenge.error = error;
  const maxAge = params.get('max_age');
  if (maxAge !== undefined && /^\d{1,9}$/.test(maxAge)) challenge.maxAge = Number(maxAge);
  return challenge;
}

/** Whether an answer's challenge asks for a step-up sign-in. */
export function isStepUp(challenge: BearerChallenge | undefined): challenge is BearerChallenge & { error: typeof STEP_UP_ERROR } {
  return challenge?.error === STEP_UP_ERROR;
}
