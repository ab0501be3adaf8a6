import type { SocialProvider } from '../../../generated/model/socialProvider';
import type { SignInResult } from '../../shared/auth/auth';
import { isOwnSignInState } from '../../shared/auth/signInRequest';
import { isSocialProvider } from '../../shared/config/socialProviders';
import { EXTERNAL_NAME_SOURCES, type ExternalNameSource } from './externalName';
import { JUST_LINKED_KEY, LINK_TAB_KEY, LINK_TICKET_KEY } from '../../shared/storage/storageKeys';
import { discardLinkAttempt, isExpired, isNonce, LINK_ATTEMPT_TTL_MS, readLinkState, writeLinkState, type LinkState } from './linkMarker';

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

/**
 * How an attempt began: from the profile's Link control, or at the university sign-in page,
 * where the identity provider sent an external login it had no account for (/idp/link).
 */
export type LinkBegan = 'profile' | 'identity-provider';
const BEGINNINGS: readonly LinkBegan[] = ['profile', 'identity-provider'];

export interface LinkAttempt {
  link: LinkDetails;
  /** Random; travels in the OpenID sign-in's state, so only that sign-in can complete it. */
  nonce: string;
  /** Milliseconds since 1970, when the attempt started. */
  createdAt: number;
  phase: LinkPhase;
  /** Who started it: the signed-in person (the token's subject). An attempt without one is none. */
  owner: string;
  began: LinkBegan;
}

/**
 * The tab's own part of its attempt: everything but the nonce and start time that local storage
 * shares (linkMarker.ts), in this tab's session storage, so no other tab, and no one who uses
 * the browser after this tab is closed, reads who linked what.
 */
export type TabPart = Omit<LinkAttempt, 'createdAt'>;

const isText = (value: unknown, max = 512): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/** The provider and the external account as stored; undefined unless the provider is a known one. */
function decodeDetails(link: unknown): LinkDetails | undefined {
  if (!link || typeof link !== 'object') return undefined;
  const { idpId, externalId, idpName, externalName, externalNameSource } = link as Record<string, unknown>;
  // An attempt is always for one of the known providers; any other is no attempt at all.
  if (!isSocialProvider(idpName)) return undefined;
  return {
    ...(isText(idpId) ? { idpId } : {}),
    ...(isText(externalId) ? { externalId } : {}),
    idpName,
    ...(isText(externalName, 200) && EXTERNAL_NAME_SOURCES.includes(externalNameSource as ExternalNameSource)
      ? { externalName, externalNameSource: externalNameSource as ExternalNameSource }
      : {}),
  };
}

/** This tab's part of an attempt as stored (read as untrusted too); undefined for anything else. */
export function decodeTabPart(raw: string | null): TabPart | undefined {
  try {
    const parsed = JSON.parse(raw ?? 'null') as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { nonce, phase, owner, began } = parsed;
    if (!isNonce(nonce) || !PHASES.includes(phase as LinkPhase) || !BEGINNINGS.includes(began as LinkBegan)) return undefined;
    // Every attempt has an owner from its start: one without is discarded, whatever else it says.
    if (!isText(owner)) return undefined;
    const link = decodeDetails(parsed.link);
    return link ? { link, nonce, phase: phase as LinkPhase, owner, began: began as LinkBegan } : undefined;
  } catch {
    return undefined;
  }
}

/** What the browser holds of a link attempt: the shared marker, and this tab's part of one. */
export interface StoredAttempt {
  marker: LinkState;
  tab: TabPart | undefined;
}

/** Why an attempt may not be used. */
type AttemptRefusal = 'none' | 'otherTab' | 'expired' | 'wrongStep' | 'otherSignIn' | 'otherUser';

export interface AttemptCheck {
  now: number;
  /** The step the caller is at. */
  phase: LinkPhase;
  /** The nonce the completed sign-in carried in its OpenID state (for the 'sign-in' step). */
  signInNonce?: string;
  /** Who is signed in (from the 'sign-in' step on): the attempt's owner, or the attempt is refused. */
  subject?: string;
}

/**
 * Whether the stored attempt is one this tab may use at this step: started in this tab (its
 * part is here, under the nonce the marker names), less than 10 minutes ago, at this step,
 * carried by this sign-in, by the same person.
 */
export function checkAttempt({ marker, tab }: StoredAttempt, check: AttemptCheck): { attempt: LinkAttempt } | { refusal: AttemptRefusal } {
  if (marker.mode !== 'startLinkIdp') return { refusal: 'none' };
  if (tab?.nonce !== marker.nonce) return { refusal: 'otherTab' };
  if (isExpired(marker.createdAt, check.now)) return { refusal: 'expired' };
  if (tab.phase !== check.phase) return { refusal: 'wrongStep' };
  if (check.phase === 'sign-in' && check.signInNonce !== tab.nonce) return { refusal: 'otherSignIn' };
  // Who is signed in is known once the sign-in that carries the attempt is done.
  if (check.phase !== 'provider' && check.subject !== tab.owner) return { refusal: 'otherUser' };
  return { attempt: { ...tab, createdAt: marker.createdAt } };
}

/**
 * Whether a link may begin at the university sign-in page (/idp/instructions, /idp/link/{provider})
 * from the sign-in request that `state` names: one this tab sent, that the person started
 * themselves (not the portal's re-authentication, a step-up or a link's own sign-in), within an
 * attempt's 10 minutes.
 */
export const mayBeginAtSignInPage = (state: unknown): state is string => isOwnSignInState(state, { byPerson: true, maxAgeMs: LINK_ATTEMPT_TTL_MS });

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

/** The marker and this tab's part of an attempt, unchecked. */
export function readStoredAttempt({ local = window.localStorage, session = window.sessionStorage }: Stores = {}): StoredAttempt {
  return { marker: readLinkState(local), tab: decodeTabPart(session.getItem(LINK_TAB_KEY)) };
}

/** Stores an attempt (a new one, or one moved on to its next step with what that step learnt). */
export function saveLinkAttempt({ createdAt, ...tab }: LinkAttempt, { local = window.localStorage, session = window.sessionStorage }: Stores = {}) {
  writeLinkState({ mode: 'startLinkIdp', nonce: tab.nonce, createdAt }, local);
  session.setItem(LINK_TAB_KEY, JSON.stringify(tab));
}

/** Starts a link attempt that belongs to this tab; any earlier attempt is replaced. */
export function startLinkAttempt(
  link: LinkDetails,
  { owner, phase, began = 'profile', now = Date.now(), ...stores }: { owner: string; phase: LinkPhase; began?: LinkBegan; now?: number } & Stores,
): LinkAttempt {
  const attempt: LinkAttempt = { link, nonce: createNonce(), createdAt: now, phase, owner, began };
  saveLinkAttempt(attempt, stores);
  return attempt;
}

/** The stored attempt, when this tab may use it at this step. */
export function usableLinkAttempt(
  check: Omit<AttemptCheck, 'now'> & { now?: number },
  { local = window.localStorage, session = window.sessionStorage }: Stores = {},
): { attempt: LinkAttempt } | { refusal: AttemptRefusal } {
  const result = checkAttempt(readStoredAttempt({ local, session }), { ...check, now: check.now ?? Date.now() });
  // An expired attempt, or one that another person started, is of no use to anyone. Another
  // tab's attempt at another step is left alone: that tab may still be using it.
  if ('refusal' in result && (result.refusal === 'expired' || result.refusal === 'otherUser')) discardLinkAttempt({ local, session });
  return result;
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
    discardLinkAttempt({ local, session });
    return { to: signIn.returnTo };
  }
  const result = checkAttempt(readStoredAttempt({ local, session }), { now, phase: 'sign-in', signInNonce: signIn.link, subject: signIn.subject });
  if ('refusal' in result) {
    discardLinkAttempt({ local, session });
    return { to: '/profile/details', refused: result.refusal };
  }
  saveLinkAttempt({ ...result.attempt, phase: 'confirm' }, { local, session });
  return { to: '/profile' };
}
