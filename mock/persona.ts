// Chooses which of the contract's named examples Prism answers with, through the
// `Prefer: example=NAME` header that the dev and preview servers add to every /api call.
//   1. A login-log page request carries afterToken: the mock's afterToken values are the
//      names of the next page's example (full-page-2, full-page-3).
//   2. MOCK_PERSONA (new-user | full) when set: one persona whoever signs in.
//   3. Otherwise the persona of the signed-in dev user (the access token's subject, mock/users.json).
//   4. new-user when none of that applies.
import { readFileSync } from 'node:fs';

export const PERSONAS = ['new-user', 'full'];

/** A dev user of users.json, as the identity provider signs them in. */
interface DevUser {
  username: string;
  password: string;
  persona: string;
  given_name: string;
  family_name: string;
  name: string;
  email: string;
}

let users: DevUser[] | undefined;
/** The dev users of mock/users.json. */
export const devUsers = (): DevUser[] => (users ??= JSON.parse(readFileSync(new URL('./users.json', import.meta.url), 'utf8')));

/**
 * An access token shaped as the dev identity provider's, for tests that call the mock directly:
 * the mock reads only its subject (below) and checks nothing else of it.
 */
export const devAccessToken = (username: string) => `e30.${Buffer.from(JSON.stringify({ sub: username })).toString('base64url')}.sig`;

function subjectOf(authorization: string | undefined): string | undefined {
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub;
  } catch {
    return undefined;
  }
}

export function personaFor(authorization: string | undefined, envPersona = process.env.MOCK_PERSONA): string {
  if (envPersona) {
    if (!PERSONAS.includes(envPersona)) {
      throw new Error(`MOCK_PERSONA must be one of ${PERSONAS.join(', ')}, not '${envPersona}'`);
    }
    return envPersona;
  }
  const sub = subjectOf(authorization);
  return devUsers().find((user) => user.username === sub)?.persona ?? 'new-user';
}

export function preferFor({ url, authorization, envPersona }: { url: string; authorization?: string | undefined; envPersona?: string }): string {
  const afterToken = new URL(url, 'http://mock').searchParams.get('afterToken');
  if (afterToken && /^[\w-]+$/.test(afterToken)) return `example=${afterToken}`;
  return `example=${personaFor(authorization, envPersona)}`;
}
