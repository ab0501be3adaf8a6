import { isSocialProvider, type SocialProvider } from '../../shared/socialProviders';

/** The browser's local state for the identity-link flow (spec section 3, "Local state"). */
export const LINK_STATE_KEY = 'state';

export interface LinkDetails {
  idpId?: string;
  externalId?: string;
  idpName?: SocialProvider;
}

export type LinkState = { mode: 'normal' } | { mode: 'startLinkIdp'; link: LinkDetails };

export const NORMAL_STATE: LinkState = { mode: 'normal' };

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): string {
  const binary = atob(encoded);
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

export function encodeLinkState(state: LinkState): string {
  return toBase64(JSON.stringify(state));
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 512;

/** Anything that is not a well-formed link state (broken base64, odd JSON, unknown providers) reads as normal. */
export function decodeLinkState(raw: string | null | undefined): LinkState {
  if (!raw) return NORMAL_STATE;
  try {
    const parsed: unknown = JSON.parse(fromBase64(raw));
    if (!parsed || typeof parsed !== 'object') return NORMAL_STATE;
    const { mode, link } = parsed as { mode?: unknown; link?: unknown };
    if (mode !== 'startLinkIdp' || !link || typeof link !== 'object') return NORMAL_STATE;
    const { idpId, externalId, idpName } = link as Record<string, unknown>;
    return {
      mode: 'startLinkIdp',
      link: {
        ...(isText(idpId) ? { idpId } : {}),
        ...(isText(externalId) ? { externalId } : {}),
        ...(isSocialProvider(idpName) ? { idpName } : {}),
      },
    };
  } catch {
    return NORMAL_STATE;
  }
}

export function readLinkState(storage: Storage = window.localStorage): LinkState {
  return decodeLinkState(storage.getItem(LINK_STATE_KEY));
}

export function writeLinkState(state: LinkState, storage: Storage = window.localStorage): void {
  storage.setItem(LINK_STATE_KEY, encodeLinkState(state));
}

export function resetLinkState(storage: Storage = window.localStorage): void {
  writeLinkState(NORMAL_STATE, storage);
}
