// The part of a link attempt that the browser's tabs share: local storage's `state` (the spec's
// name) says only that an attempt is under way, its nonce and when it began. Everything personal
// (who started it, the external account and its name) stays in the session storage of the tab
// that started it (linkState.ts). The app's start (src/main.tsx) purges an expired attempt
// with it.
import { LINK_STATE_KEY, LINK_TAB_KEY, LINK_TICKET_KEY } from '../../shared/storage/storageKeys';

/** A link attempt is good for this long from its start; after that it is discarded. */
export const LINK_ATTEMPT_TTL_MS = 10 * 60_000;
/** How far in the future a start time may lie (clocks differ a little between tabs, not more). */
const CLOCK_SKEW_MS = 60_000;

export type LinkState = { mode: 'normal' } | { mode: 'startLinkIdp'; nonce: string; createdAt: number };

const NORMAL_STATE: LinkState = { mode: 'normal' };
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

export const isNonce = (value: unknown): value is string => typeof value === 'string' && NONCE.test(value);

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

/**
 * Anything that is not a well-formed marker (broken base64, odd JSON, no nonce or start time, as
 * an older portal or a planted value would leave) reads as normal. Whatever else a value
 * carries is not read.
 */
export function decodeLinkState(raw: string | null | undefined): LinkState {
  if (!raw) return NORMAL_STATE;
  try {
    const parsed: unknown = JSON.parse(fromBase64(raw));
    if (!parsed || typeof parsed !== 'object') return NORMAL_STATE;
    const { mode, nonce, createdAt } = parsed as Record<string, unknown>;
    if (mode !== 'startLinkIdp' || !isNonce(nonce)) return NORMAL_STATE;
    if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) return NORMAL_STATE;
    return { mode, nonce, createdAt };
  } catch {
    return NORMAL_STATE;
  }
}

/** Whether an attempt that began at `createdAt` is over by `now` (or claims to begin later). */
export const isExpired = (createdAt: number, now: number) => now - createdAt > LINK_ATTEMPT_TTL_MS || createdAt - now > CLOCK_SKEW_MS;

export function readLinkState(local: Storage = window.localStorage): LinkState {
  return decodeLinkState(local.getItem(LINK_STATE_KEY));
}

export function writeLinkState(state: LinkState, local: Storage = window.localStorage): void {
  local.setItem(LINK_STATE_KEY, encodeLinkState(state));
}

/** Whether local storage holds anything but the normal state: a marker, or a value no attempt reads. */
function markerStored(local: Storage = window.localStorage): boolean {
  const raw = local.getItem(LINK_STATE_KEY);
  return raw !== null && raw !== encodeLinkState(NORMAL_STATE);
}

/**
 * Back to normal: the attempt is over (done, declined, refused or expired), here and for every
 * tab. Local storage is written only when it holds something else: every sign-in comes here, and
 * a write would wake every other tab's storage listener for nothing.
 */
export function discardLinkAttempt({ local = window.localStorage, session = window.sessionStorage }: { local?: Storage; session?: Storage } = {}) {
  if (markerStored(local)) writeLinkState(NORMAL_STATE, local);
  session.removeItem(LINK_TAB_KEY);
  session.removeItem(LINK_TICKET_KEY);
}

/**
 * For the app's start (src/main.tsx): an attempt past its 10 minutes, or a value that is no marker (a
 * planted one, or an older portal's that kept the details in local storage), is removed before
 * anything reads it, with this tab's part of any attempt; a current marker is kept as it is,
 * without anything else the value carried.
 */
export function purgeExpiredLinkAttempt({ local = window.localStorage, session = window.sessionStorage, now = Date.now() } = {}) {
  const raw = local.getItem(LINK_STATE_KEY);
  const state = decodeLinkState(raw);
  if (state.mode === 'startLinkIdp' && !isExpired(state.createdAt, now)) {
    if (raw !== encodeLinkState(state)) writeLinkState(state, local);
    return;
  }
  discardLinkAttempt({ local, session });
}
