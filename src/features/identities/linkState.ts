import type { SocialProvider } from '../../../generated/model/socialProvider';
import type { SignInResult } from '../../shared/auth/auth';
import { isSocialProvider } from '../../shared/socialProviders';
import { EXTERNAL_NAME_SOURCES, type ExternalNameSource } from './externalName';
import { JUST_LINKED_KEY, LINK_STATE_KEY, LINK_TAB_KEY, LINK_TICKET_KEY } from '../../shared/storageKeys';

/** A link attempt is good for this long from its start; after that it is discarded. */
export const LINK_ATTEMPT_TTL_MS = 10 * 60_000;

export interface LinkDetails {
  idpId?: string;
  externalId?: string;
  idpName: SocialProvider;
  /** The external account's verified email or name from the provider's token, shown for confirmation. */
  externalName?: string;
  /** Where `externalName` comes from (see socialLink.ts); without a name, the account cannot be shown. */
  externalNameSource?: ExternalNameSource;
}

/**
 * Where an attempt is: waiting for the provider's callback, for the sign-in that carries its
 * nonce, or for the person to confirm the link on /profile.
 */
type LinkPhase = 'provider' | 'sign-in' | 'confirm';
const PHASES: readonly LinkPhase[] = ['provider', 'sign-in', 'confirm'];

export interface LinkAttempt {
  link: LinkDetails;
  /** Random; travels in the OpenID sign-in's state, so only that sign-in can complete it. */
  nonce: string;
  /** Milliseconds since 1970, when the attempt started. */
  createdAt: number;
  phase: LinkPhase;
  /** Who started it: the signed-in person (the token's subject). An attempt without one is none. */
  owner: string;
}

export type LinkState = { mode: 'normal' } | ({ mode: 'startLinkIdp' } & LinkAttempt);

const NORMAL_STATE: LinkState = { mode: 'normal' };

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

const isText = (value: unknown, max = 512): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Anything that is not a well-formed link attempt (broken base64, odd JSON, unknown providers,
 * no nonce or start time, as an older portal or a planted value would leave) reads as normal.
 */
export function decodeLinkState(raw: string | null | undefined): LinkState {
  if (!raw) return NORMAL_STATE;
  try {
    const parsed: unknown = JSON.parse(fromBase64(raw));
    if (!parsed || typeof parsed !== 'object') return NORMAL_STATE;
    const { mode, link, nonce, createdAt, phase, owner } = parsed as Record<string, unknown>;
    if (mode !== 'startLinkIdp' || !link || typeof link !== 'object') return NORMAL_STATE;
    if (typeof nonce !== 'string' || !NONCE.test(nonce)) return NORMAL_STATE;
    if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) return NORMAL_STATE;
    if (!PHASES.includes(phase as LinkPhase)) return NORMAL_STATE;
    // Every attempt has an owner from its start: one without is discarded, whatever else it says.
    if (!isText(owner)) return NORMAL_STATE;
    const { idpId, externalId, idpName, externalName, externalNameSource } = link as Record<string, unknown>;
    // An attempt is always for one of the known providers; any other is no attempt at all.
    if (!isSocialProvider(idpName)) return NORMAL_STATE;
    return {
      mode: 'startLinkIdp',
      link: {
        ...(isText(idpId) ? { idpId } : {}),
        ...(isText(externalId) ? { externalId } : {}),
        idpName,
        ...(isText(externalName, 200) && EXTERNAL_NAME_SOURCES.includes(externalNameSource as ExternalNameSource)
          ? { externalName, externalNameSource: externalNameSource as ExternalNameSource }
          : {}),
      },
      nonce,
      createdAt,
      phase: phase as LinkPhase,
      owner,
    };
  } catch {
    return NORMAL_STATE;
  }
}

/** Why an attempt may not be used. */
type AttemptRefusal = 'none' | 'otherTab' | 'expired' | 'wrongStep' | 'otherSignIn' | 'otherUser';

export interface AttemptCheck {
  /** The nonce this tab keeps (LINK_TAB_KEY). */
  tabNonce: string | null;
  now: number;
  /** The step the caller is at. */
  phase: LinkPhase;
  /** The nonce the completed sign-in carried in its OpenID state (for the 'sign-in' step). */
  signInNonce?: string;
  /** Who is signed in (from the 'sign-in' step on): the attempt's owner, or the attempt is refused. */
  subject?: string;
}

/**
 * Whether the stored link state is an attempt this tab may use at this step: started in this
 * tab, less than 10 minutes ago, at this step, carried by this sign-in, by the same person.
 */
export function checkAttempt(state: LinkState, check: AttemptCheck): { attempt: LinkAttempt } | { refusal: AttemptRefusal } {
  if (state.mode !== 'startLinkIdp') return { refusal: 'none' };
  if (check.tabNonce !== state.nonce) return { refusal: 'otherTab' };
  // A start time in the future is as suspect as an old one.
  if (check.now - state.createdAt > LINK_ATTEMPT_TTL_MS || state.createdAt - check.now > 60_000) return { refusal: 'expired' };
  if (state.phase !== check.phase) return { refusal: 'wrongStep' };
  if (check.phase === 'sign-in' && check.signInNonce !== state.nonce) return { refusal: 'otherSignIn' };
  // Who is signed in is known once the sign-in that carries the attempt is done.
  if (check.phase !== 'provider' && check.subject !== state.owner) return { refusal: 'otherUser' };
  return { attempt: { link: state.link, nonce: state.nonce, createdAt: state.createdAt, phase: state.phase, owner: state.owner } };
}

/** A nonce from the browser's cryptographic random source: 128 bits, URL-safe. */
export function createNonce(random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer> = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

interface Stores {
  local?: Storage;
  session?: Storage;
}

export function readLinkState(storage: Storage = window.localStorage): LinkState {
  return decodeLinkState(storage.getItem(LINK_STATE_KEY));
}

function writeLinkState(state: LinkState, storage: Storage = window.localStorage): void {
  storage.setItem(LINK_STATE_KEY, encodeLinkState(state));
}

/** Starts a link attempt that belongs to this tab; any earlier attempt is replaced. */
export function startLinkAttempt(
  link: LinkDetails,
  {
    owner,
    phase,
    now = Date.now(),
    local = window.localStorage,
    session = window.sessionStorage,
  }: { owner: string; phase: LinkPhase; now?: number } & Stores,
): LinkAttempt {
  const attempt: LinkAttempt = { link, nonce: createNonce(), createdAt: now, phase, owner };
  writeLinkState({ mode: 'startLinkIdp', ...attempt }, local);
  session.setItem(LINK_TAB_KEY, attempt.nonce);
  return attempt;
}

/** Moves an attempt on to its next step, with what that step learnt. */
export function saveLinkAttempt(attempt: LinkAttempt, storage: Storage = window.localStorage): void {
  writeLinkState({ mode: 'startLinkIdp', ...attempt }, storage);
}

/** The stored attempt, when this tab may use it at this step. */
export function usableLinkAttempt(
  check: Omit<AttemptCheck, 'tabNonce' | 'now'> & { now?: number },
  { local = window.localStorage, session = window.sessionStorage }: Stores = {},
): { attempt: LinkAttempt } | { refusal: AttemptRefusal } {
  const result = checkAttempt(readLinkState(local), { ...check, now: check.now ?? Date.now(), tabNonce: session.getItem(LINK_TAB_KEY) });
  // An expired attempt, or one that another person started, is of no use to anyone. Another
  // tab's attempt at another step is left alone: that tab may still be using it.
  if ('refusal' in result && (result.refusal === 'expired' || result.refusal === 'otherUser')) discardLinkAttempt({ local, session });
  return result;
}

/** Back to normal: the attempt is over (done, declined, refused or expired). */
export function discardLinkAttempt({ local = window.localStorage, session = window.sessionStorage }: Stores = {}): void {
  writeLinkState(NORMAL_STATE, local);
  session.removeItem(LINK_TAB_KEY);
  session.removeItem(LINK_TICKET_KEY);
}

/**
 * The backend's ticket for the external account its code exchange found (openapi.yaml,
 * `link_ticket`): in this tab's session storage only, and only while the attempt lasts.
 */
export function keepLinkTicket(ticket: string | undefined, session: Storage = window.sessionStorage): void {
  if (ticket) session.setItem(LINK_TICKET_KEY, ticket);
  else session.removeItem(LINK_TICKET_KEY);
}

export function linkTicket(session: Storage = window.sessionStorage): string | undefined {
  return session.getItem(LINK_TICKET_KEY) ?? undefined;
}

/** Whether anything but the normal state is stored: an attempt (this tab's or not), or a value no attempt reads. */
function linkAttemptStored(storage: Storage = window.localStorage): boolean {
  const raw = storage.getItem(LINK_STATE_KEY);
  return raw !== null && raw !== encodeLinkState(NORMAL_STATE);
}

/** Set by the tab that has just made a link, for its success page (and only it) to go on to sign out. */
export function markJustLinked(provider: SocialProvider, session: Storage = window.sessionStorage): void {
  session.setItem(JUST_LINKED_KEY, provider);
}

/** Whether this tab has just linked that provider; the mark is used up. */
export function takeJustLinked(provider: SocialProvider, session: Storage = window.sessionStorage): boolean {
  const linked = session.getItem(JUST_LINKED_KEY) === provider;
  session.removeItem(JUST_LINKED_KEY);
  return linked;
}

/**
 * After every sign-in: the one that carried this tab's attempt moves it on to confirmation
 * (on /profile); every other sign-in discards a stored attempt. `refused` is set when the
 * sign-in was started for a link that may not go on (expired, another tab's or person's).
 */
export function settleLinkAfterSignIn(
  signIn: Pick<SignInResult, 'returnTo' | 'subject' | 'link'>,
  { now = Date.now(), local = window.localStorage, session = window.sessionStorage }: { now?: number } & Stores = {},
): { to: string; refused?: AttemptRefusal } {
  if (signIn.link === undefined) {
    if (linkAttemptStored(local)) discardLinkAttempt({ local, session });
    return { to: signIn.returnTo };
  }
  const result = checkAttempt(readLinkState(local), {
    tabNonce: session.getItem(LINK_TAB_KEY),
    now,
    phase: 'sign-in',
    signInNonce: signIn.link,
    subject: signIn.subject,
  });
  if ('refusal' in result) {
    discardLinkAttempt({ local, session });
    return { to: '/profile/details', refused: result.refusal };
  }
  saveLinkAttempt({ ...result.attempt, phase: 'confirm' }, local);
  return { to: '/profile' };
}
