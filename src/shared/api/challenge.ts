/** What a `WWW-Authenticate: Bearer ...` answer asks of the client (RFC 6750, RFC 9470). */
export interface BearerChallenge {
  /** e.g. `invalid_token`, or `insufficient_user_authentication` for a step-up. */
  error?: string;
  /** RFC 9470: the person must have authenticated within this many seconds. */
  maxAge?: number;
  /** RFC 9470: the authentication context classes, space-separated, in order of preference, one of which is needed. */
  acrValues?: string;
}

/** One challenge of a WWW-Authenticate header (RFC 9110, 11.6.1): its scheme and parameters. */
export interface Challenge {
  scheme: string;
  params: Map<string, string>;
}

/** The step-up error of RFC 9470: a fresh (or stronger) sign-in is needed for this call. */
const STEP_UP_ERROR = 'insufficient_user_authentication';

const TOKEN = /[!#$%&'*+.^_`|~0-9A-Za-z-]+/y;
const QUOTED = /"((?:[^"\\]|\\.)*)"/y;
const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*/y;
const SPACE = /[ \t]*/y;

/**
 * Every challenge of a WWW-Authenticate header, in order: `Newauth realm="apps", type=1,
 * Basic realm="simple"` is two. A comma separates both challenges and parameters; a token not
 * followed by `=` starts the next challenge. Reading stops at the first thing it cannot read,
 * keeping what came before.
 */
export function parseChallenges(header: string | null | undefined): Challenge[] {
  if (!header || header.length > 4096) return [];
  const challenges: Challenge[] = [];
  let current: Challenge | undefined;
  let at = 0;
  const skip = (pattern: RegExp) => {
    pattern.lastIndex = at;
    const match = pattern.exec(header);
    if (match) at = pattern.lastIndex;
    return match;
  };
  while (at < header.length) {
    while (at < header.length && /[\s,]/.test(header[at]!)) at += 1;
    if (at >= header.length) break;
    const start = at;
    const token = skip(TOKEN);
    if (!token) break;
    skip(SPACE);
    if (current && header[at] === '=') {
      // name=value: a parameter of the challenge being read.
      at += 1;
      skip(SPACE);
      const quoted = skip(QUOTED);
      const value = quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : skip(TOKEN)?.[0];
      if (value === undefined) break;
      const name = token[0].toLowerCase();
      if (!current.params.has(name)) current.params.set(name, value);
      continue;
    }
    if (header[at] === '=' && !current) break;
    current = { scheme: token[0], params: new Map() };
    challenges.push(current);
    // A token68 (`Basic dXNlcg==`) stands alone: read it and move on.
    const before = at;
    const token68 = skip(TOKEN68);
    if (token68) {
      skip(SPACE);
      if (at < header.length && header[at] !== ',') at = before;
    }
    if (at === start) break;
  }
  return challenges;
}

const ACR_VALUES = /^[\x21\x23-\x5b\x5d-\x7e]{1,200}(?: [\x21\x23-\x5b\x5d-\x7e]{1,200}){0,9}$/;

/**
 * Reads the Bearer challenge of a WWW-Authenticate header, among any others it carries (a step-up
 * one first); undefined when there is none. Only `error`, a non-negative whole `max_age` and
 * well-formed `acr_values` are kept.
 */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header || header.length > 2048) return undefined;
  const bearers = parseChallenges(header).filter((challenge) => challenge.scheme.toLowerCase() === 'bearer');
  const chosen = bearers.find((challenge) => challenge.params.get('error') === STEP_UP_ERROR) ?? bearers[0];
  if (!chosen) return undefined;
  const challenge: BearerChallenge = {};
  const error = chosen.params.get('error');
  if (error) challenge.error = error;
  const maxAge = chosen.params.get('max_age');
  if (maxAge !== undefined && /^\d{1,9}$/.test(maxAge)) challenge.maxAge = Number(maxAge);
  const acrValues = chosen.params.get('acr_values')?.trim();
  if (acrValues && ACR_VALUES.test(acrValues)) challenge.acrValues = acrValues;
  return challenge;
}

/** Whether an answer's challenge asks for a step-up sign-in. */
export function isStepUp(challenge: BearerChallenge | undefined): challenge is BearerChallenge & { error: typeof STEP_UP_ERROR } {
  return challenge?.error === STEP_UP_ERROR;
}
