import { jwtClaims } from '../../shared/jwt';

/** Length of the random state sent with the social authorize call (spec section 9). */
const SOCIAL_STATE_LENGTH = 32;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 32-character state from the browser's cryptographic random source (no modulo bias). */
type RandomSource = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

export function createSocialState(random: RandomSource = (bytes) => crypto.getRandomValues(bytes)): string {
  const limit = 256 - (256 % ALPHABET.length);
  let state = '';
  while (state.length < SOCIAL_STATE_LENGTH) {
    for (const byte of random(new Uint8Array(SOCIAL_STATE_LENGTH))) {
      if (byte < limit && state.length < SOCIAL_STATE_LENGTH) state += ALPHABET[byte % ALPHABET.length];
    }
  }
  return state;
}

/**
 * Where the browser may be sent with an address the server gave: a path on this origin or
 * an http(s) address. Anything else (javascript:, data:, garbage) is refused.
 */
export function safeNavigationTarget(address: unknown, origin: string): string | undefined {
  if (typeof address !== 'string' || address.trim() === '' || address.length > 4096) return undefined;
  try {
    const url = new URL(address, origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : url.toString();
  } catch {
    return undefined;
  }
}

/** What the provider's token says of the external account: its subject and a name to show. */
export interface ExternalAccount {
  /** The subject claim: the external id the link is made with. */
  externalId: string;
  /** The account's name or email as the token carries it, for the person to recognise it. */
  externalName?: string;
}

const MAX_NAME_LENGTH = 200;
/** Control, zero-width and direction-changing characters: a name must read as it is. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

const shown = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').replace(HIDDEN_CHARACTERS, '').trim() : '');

/**
 * The external account behind a social token (a compact JWT): its subject, and how to name it.
 * The email comes first, as the provider vouches for it more than for a name the account's
 * owner typed (which could be the victim's own name); the name follows in brackets.
 * Undefined without a subject.
 */
export function externalAccountOf(token: unknown): ExternalAccount | undefined {
  const claims = jwtClaims(token);
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '' || sub.length > 512) return undefined;
  const email = shown(claims!.email);
  const name = shown(claims!.name);
  const named = email ? (name ? `${email} (${name})` : email) : name || shown(claims!.preferred_username);
  return { externalId: sub, ...(named ? { externalName: named.slice(0, MAX_NAME_LENGTH) } : {}) };
}

/**
 * How the external account is named on the confirmation page: its name or email, or its
 * subject shortened to something a person can compare (first 6 and last 4 characters).
 */
export function externalAccountLabel({ externalId, externalName }: Partial<ExternalAccount>): string {
  if (externalName) return externalName;
  if (!externalId) return '';
  return externalId.length > 14 ? `${externalId.slice(0, 6)}…${externalId.slice(-4)}` : externalId;
}

/**
 * The identity provider's "user creation disabled" error, in English or either Chinese
 * variant: the social login is not linked to a university account yet.
 */
const USER_CREATION_DISABLED = [/user creation (?:was |is )?disabled/i, /用戶創建已被禁用|用戶創建已禁用|用户创建已被禁用|用户创建已禁用/];

export function isUserCreationDisabled(...texts: Array<string | undefined>): boolean {
  return texts.some((text) => text !== undefined && USER_CREATION_DISABLED.some((pattern) => pattern.test(text)));
}
