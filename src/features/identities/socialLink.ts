import type { MessageKey } from '../../messages/t';
import type { SocialProvider } from '../../shared/socialProviders';

/** Length of the random state sent with the social authorize call (spec section 9). */
export const SOCIAL_STATE_LENGTH = 32;
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

/** iAM Smart's authorize call carries no state; the other providers' do (spec section 7). */
export function sendsState(provider: SocialProvider): boolean {
  return provider !== 'iamsmart';
}

export const socialStateKey = (provider: SocialProvider) => `socialState.${provider}`;

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

/** The subject claim of a compact JWT, the external id of a social login; undefined when unreadable. */
export function jwtSubject(token: unknown): string | undefined {
  if (typeof token !== 'string') return undefined;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The identity provider's "user creation disabled" error, in English or either Chinese
 * variant: the social login is not linked to a university account yet.
 */
const USER_CREATION_DISABLED = [/user creation (?:was |is )?disabled/i, /用戶創建已被禁用|用戶創建已禁用|用户创建已被禁用|用户创建已禁用/];

export function isUserCreationDisabled(...texts: Array<string | undefined>): boolean {
  return texts.some((text) => text !== undefined && USER_CREATION_DISABLED.some((pattern) => pattern.test(text)));
}

const PROVIDER_LABELS: Record<SocialProvider, MessageKey> = {
  iamsmart: 'identities.provider.smart',
  facebook: 'identities.provider.facebook',
  linkedin: 'identities.provider.linkedin',
  google: 'identities.provider.google',
  apple: 'identities.provider.apple',
};

export const providerLabel = (provider: SocialProvider): MessageKey => PROVIDER_LABELS[provider];
