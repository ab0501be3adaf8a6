import { jwtClaims } from '../../shared/auth/jwt';
import { displayText } from '../../shared/text/displayText';
import type { ExternalNameSource } from './externalName';

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
 * Where the browser may be sent with the authorize address the server gave for a provider: an
 * https address on that provider's pinned origin (`pinned`), with no user name or password in
 * it; with "self", a path on the portal's own origin. Anything else (another host, one that
 * only starts like the provider's, plain http, javascript:, garbage) is refused.
 */
export function pinnedAuthorizeTarget(address: unknown, pinned: string, pageOrigin: string): string | undefined {
  if (typeof address !== 'string' || address.trim() === '' || address.length > 4096) return undefined;
  let url: URL;
  try {
    url = new URL(address, pageOrigin);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (pinned === 'self') return url.origin === pageOrigin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  return url.protocol === 'https:' && url.origin === pinned ? url.toString() : undefined;
}

/** What the provider's token says of the external account: its subject, and how it may be named. */
export interface ExternalAccount {
  /** The subject claim: the external id the link is made with. */
  externalId: string;
  /** The account's verified email or name, made fit to show (displayText.ts). */
  externalName?: string;
  externalNameSource?: ExternalNameSource;
}

const MAX_NAME_LENGTH = 200;

/** OpenID Connect's boolean; some providers (Apple) send it as a string. */
const isVerified = (value: unknown) => value === true || value === 'true';

/**
 * The external account behind a social token (a compact JWT): its subject, and how to name it.
 * An email is shown only when the provider says it verified it; otherwise the display name,
 * said to be one. iAM Smart's token is a tokenized id with a subject only, unless it carries
 * the holder's profile names (`profile`: its English or Chinese name). Undefined without a subject.
 */
export function externalAccountOf(token: unknown, { profile = false }: { profile?: boolean } = {}): ExternalAccount | undefined {
  const claims = jwtClaims(token);
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '' || sub.length > 512) return undefined;
  const named = (externalName: string, externalNameSource: ExternalNameSource): ExternalAccount =>
    externalName ? { externalId: sub, externalName: externalName.slice(0, MAX_NAME_LENGTH), externalNameSource } : { externalId: sub };
  if (profile) return named(displayText(claims!.enName) || displayText(claims!.chName) || displayText(claims!.name), 'profile');
  const email = displayText(claims!.email);
  if (email && isVerified(claims!.email_verified)) return named(email, 'verifiedEmail');
  return named(displayText(claims!.name) || displayText(claims!.preferred_username), 'ownerName');
}

/**
 * The identity provider's "user creation disabled" error, in English or either Chinese
 * variant: the social login is not linked to a university account yet.
 */
const USER_CREATION_DISABLED = [/user creation (?:was |is )?disabled/i, /用戶創建已被禁用|用戶創建已禁用|用户创建已被禁用|用户创建已禁用/];

export function isUserCreationDisabled(...texts: Array<string | undefined>): boolean {
  return texts.some((text) => text !== undefined && USER_CREATION_DISABLED.some((pattern) => pattern.test(text)));
}
