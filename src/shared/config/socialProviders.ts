import type { IdentityProviderName } from '../../../generated/model/identityProviderName';
import { SocialProvider } from '../../../generated/model/socialProvider';
import type { FrameKey } from '../../messages/t';
import { config } from './config';

/** A provider's small inline mark: no image download, and decorative (its label names it). */
type ProviderMark = { background: string; foreground: string } & ({ letters: string } | { path: string });

/** Everything the portal knows of one external identity it can sign in with or link. */
interface SocialProviderEntry {
  /** Its name in the portal's routes (/auth/{id}/login) and in the social-auth calls. */
  id: SocialProvider;
  /** Its name in the backend's identity list, matched ignoring case (spec section 3). */
  idpName: IdentityProviderName;
  label: FrameKey;
  /** iAM Smart cannot be unlinked by the user (spec section 6). */
  canUnlink: boolean;
  /** Whether the authorize call carries this tab's 32-character state: all but iAM Smart (spec section 7). */
  sendsState: boolean;
  /** Where its code is exchanged: iAM Smart's tokenized-id call, or the common token call. */
  exchange: 'tokenized-id' | 'token';
  /**
   * The only origin its sign-in (the authorize address the backend answers) may be on; a
   * deployment may name another in config.json's `socialAuthorizeOrigins`.
   */
  authorizeOrigin: string;
  mark: ProviderMark;
}

const APPLE_PATH =
  'M20.5 16.6c0-2 1.6-3 1.7-3-1-1.4-2.4-1.6-2.9-1.6-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7c-1.4 0-2.6.8-3.3 2-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.4-.6 2.6-.6 1.5.6 2.6.6 1.8-1 2.4-2c.8-1.1 1.1-2.2 1.1-2.3 0 0-2.1-.8-2.1-3.1zm-2-6c.5-.7.9-1.6.8-2.5-.8 0-1.7.5-2.3 1.2-.5.6-.9 1.5-.8 2.4.9.1 1.7-.4 2.3-1.1z';

/** Keyed by the contract's provider names, so a provider the contract adds cannot be left out. */
const REGISTRY: { readonly [P in SocialProvider]: Omit<SocialProviderEntry, 'id'> } = {
  iamsmart: {
    idpName: 'smart',
    label: 'identities.provider.smart',
    canUnlink: false,
    sendsState: false,
    exchange: 'tokenized-id',
    authorizeOrigin: 'https://apps.iamsmart.gov.hk',
    mark: { background: '#0b6e4f', foreground: '#fff', letters: 'iA' },
  },
  facebook: {
    idpName: 'facebook',
    label: 'identities.provider.facebook',
    canUnlink: true,
    sendsState: true,
    exchange: 'token',
    authorizeOrigin: 'https://www.facebook.com',
    mark: { background: '#1559c2', foreground: '#fff', letters: 'f' },
  },
  linkedin: {
    idpName: 'linkedin',
    label: 'identities.provider.linkedin',
    canUnlink: true,
    sendsState: true,
    exchange: 'token',
    authorizeOrigin: 'https://www.linkedin.com',
    mark: { background: '#0a66c2', foreground: '#fff', letters: 'in' },
  },
  google: {
    idpName: 'google',
    label: 'identities.provider.google',
    canUnlink: true,
    sendsState: true,
    exchange: 'token',
    authorizeOrigin: 'https://accounts.google.com',
    mark: { background: '#fff', foreground: '#1a4ba0', letters: 'G' },
  },
  apple: {
    idpName: 'apple',
    label: 'identities.provider.apple',
    canUnlink: true,
    sendsState: true,
    exchange: 'token',
    authorizeOrigin: 'https://appleid.apple.com',
    mark: { background: '#000', foreground: '#fff', path: APPLE_PATH },
  },
};

/** The external identities a user can sign in with or link (spec section 9), in the contract's order. */
const SOCIAL_PROVIDERS: readonly SocialProviderEntry[] = Object.values(SocialProvider).map((id) => ({ id, ...REGISTRY[id] }));

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && Object.hasOwn(REGISTRY, value);
}

export function socialProvider(id: SocialProvider): SocialProviderEntry {
  return { id, ...REGISTRY[id] };
}

/** The provider the backend's identity list names `name` (ignoring case); undefined for one the portal does not know. */
export function socialProviderNamed(name: string): SocialProviderEntry | undefined {
  const wanted = name.toLowerCase();
  return SOCIAL_PROVIDERS.find((entry) => entry.idpName === wanted);
}

/**
 * Where the provider's sign-in may be: its registry origin, or the one config.json's
 * `socialAuthorizeOrigins` names for it ("self": the portal's own origin, as the dev stack's mock
 * answers; only a config marked dev may say so, see config.ts).
 */
export function authorizeOriginOf(id: SocialProvider): string {
  return config.socialAuthorizeOrigins[id] ?? REGISTRY[id].authorizeOrigin;
}
