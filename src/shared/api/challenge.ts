// Loaded with the first 401 that carries a WWW-Authenticate header (see fetcher.ts): most
// sessions never see one. What the rest of the app reads of a challenge is in stepUp.ts.
import { STEP_UP_ERROR, type BearerChallenge } from './stepUp';

/** One challenge of a WWW-Authenticate header (RFC 9110, 11.6.1): its scheme and parameters. */
export interface Challenge {
  scheme: string;
  params: Map<string, string>;
}

/**
 * One part of a WWW-Authenticate header: a token, then `= value` (a parameter of the challenge
 * being read), or a token68 (`Basic dXNlcg==`), or nothing (the token starts a challenge).
 */
const PART = /\s*,?\s*([!#$%&'*+.^_`|~\w-]+)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([!#$%&'*+.^_`|~\w-]+))|\s+[\w.~+/-]+=*(?=\s*(?:,|$)))?/y;

/**
 * Every challenge of a WWW-Authenticate header, in order: `Newauth realm="apps", type=1,
 * Basic realm="simple"` is two. A comma separates both challenges and parameters; a token not
 * followed by `=` starts the next challenge. Reading stops at the first thing it cannot read,
 * keeping what came before.
 */
export function parseChallenges(header: string | null | undefined): Challenge[] {
  const challenges: Challenge[] = [];
  if (!header || header.length > 4096) return challenges;
  PART.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (PART.lastIndex < header.length && (match = PART.exec(header))) {
    const [, token, quoted, plain] = match;
    if (quoted === undefined && plain === undefined) {
      challenges.push({ scheme: token!, params: new Map() });
      continue;
    }
    const current = challenges.at(-1);
    if (!current) break;
    const name = token!.toLowerCase();
    if (!current.params.has(name)) current.params.set(name, quoted?.replace(/\\(.)/g, '$1') ?? plain!);
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
