import { describe, expect, it } from 'vitest';
import { ownSignInState, readLinkAttempt } from '../../../tests/support/linking';
import { LINK_TAB_KEY } from '../../shared/storage/storageKeys';
import { encodeLinkState, readLinkState } from './linkMarker';
import {
  checkAttempt,
  createNonce,
  decodeTabPart,
  markJustLinked,
  mayBeginAtSignInPage,
  settleLinkAfterSignIn,
  startLinkAttempt,
  takeJustLinked,
  usableLinkAttempt,
  type AttemptCheck,
  type StoredAttempt,
  type TabPart,
} from './linkState';
import { LINK_ATTEMPT_TTL_MS } from './linkMarker';

const NONCE = 'n0nce-0123456789abcdef';
const T0 = 1_800_000_000_000;
const tabPart = (fields: Partial<TabPart> = {}): TabPart => ({
  link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-g-1' },
  nonce: NONCE,
  phase: 'sign-in',
  owner: 'smwong25',
  began: 'profile',
  ...fields,
});
const stored = (tab: Partial<TabPart> | null = {}, createdAt = T0): StoredAttempt => ({
  marker: { mode: 'startLinkIdp', nonce: NONCE, createdAt },
  tab: tab ? tabPart(tab) : undefined,
});

describe("this tab's part of an attempt", () => {
  it.each<TabPart>([
    tabPart(),
    tabPart({ link: { idpId: '身份-1', idpName: 'apple', externalName: '陳大文', externalNameSource: 'ownerName' }, phase: 'provider' }),
    tabPart({ link: { idpName: 'google' }, phase: 'confirm', began: 'identity-provider' }),
  ])('round-trips %j through JSON', (part) => {
    expect(decodeTabPart(JSON.stringify(part))).toEqual(part);
  });

  const json = (value: unknown) => JSON.stringify(value);
  it.each([
    ['nothing stored', null],
    ['not JSON', 'hello'],
    ['JSON of another shape', json([1, 2])],
    ['no link', json({ ...tabPart(), link: undefined })],
    ['a short nonce', json(tabPart({ nonce: 'abc' }))],
    ['a nonce with odd characters', json(tabPart({ nonce: '<script>alert(1)</script>xxxx' }))],
    ['an unknown step', json({ ...tabPart(), phase: 'linked' })],
    ['an unknown beginning', json({ ...tabPart(), began: 'email' })],
    ["an attempt without an owner (as the identity provider's links once started)", json({ ...tabPart(), owner: undefined })],
    ['an attempt with an empty owner', json(tabPart({ owner: '' }))],
    ['an unknown provider', json({ ...tabPart(), link: { idpId: '0oa9', externalId: 'x', idpName: 'myspace' } })],
  ])('reads %s as none', (_, value) => {
    expect(decodeTabPart(value)).toBeUndefined();
  });

  it('drops a name whose source is unknown: where a name comes from is part of showing it', () => {
    const value = json({ ...tabPart(), link: { idpName: 'google', externalName: 'Wong Siu Ming', externalNameSource: 'trustMe' } });
    expect(decodeTabPart(value)).not.toHaveProperty('link.externalName');
  });

  it('drops odd values from the link', () => {
    const value = json({ ...tabPart(), link: { idpId: 42, idpName: 'google', externalId: 'x'.repeat(600), externalName: 'y'.repeat(300) } });
    expect(decodeTabPart(value)).toMatchObject({ link: { idpName: 'google' } });
    expect(decodeTabPart(value)).not.toHaveProperty('link.idpId');
  });
});

describe('checkAttempt', () => {
  const check = (fields: Partial<AttemptCheck> = {}): AttemptCheck => ({
    now: T0 + 60_000,
    phase: 'sign-in',
    signInNonce: NONCE,
    subject: 'smwong25',
    ...fields,
  });

  it('accepts the attempt of this tab, this step, this sign-in and this person within 10 minutes', () => {
    expect(checkAttempt(stored(), check())).toEqual({ attempt: { ...tabPart(), createdAt: T0 } });
    expect(checkAttempt(stored(), check({ now: T0 + LINK_ATTEMPT_TTL_MS }))).toHaveProperty('attempt');
  });

  it.each<[string, StoredAttempt, Partial<AttemptCheck>, string]>([
    ['no attempt', { marker: { mode: 'normal' }, tab: tabPart() }, {}, 'none'],
    ['another tab (or an earlier visitor) started it', stored({ nonce: 'other-tab-nonce-0000' }), {}, 'otherTab'],
    ['this tab holds no part of it', stored(null), {}, 'otherTab'],
    ['more than 10 minutes old', stored(), { now: T0 + LINK_ATTEMPT_TTL_MS + 1 }, 'expired'],
    ['started in the future', stored({}, T0 + 3_600_000), {}, 'expired'],
    ['at another step (a replay)', stored({ phase: 'confirm' }), {}, 'wrongStep'],
    ['carried by another sign-in', stored(), { signInNonce: 'another-nonce-000000' }, 'otherSignIn'],
    ['by a sign-in that carried none', stored(), { signInNonce: undefined }, 'otherSignIn'],
    ['signed in as someone else', stored(), { subject: 'taiman.chan' }, 'otherUser'],
    ['confirmed by someone else', stored({ phase: 'confirm' }), { phase: 'confirm', subject: 'taiman.chan' }, 'otherUser'],
  ])('refuses an attempt when %s', (_, attempt, fields, refusal) => {
    expect(checkAttempt(attempt, check(fields))).toEqual({ refusal });
  });

  it('does not ask who is signed in before the sign-in (the provider step)', () => {
    expect(checkAttempt(stored({ phase: 'provider' }), check({ phase: 'provider', subject: undefined }))).toHaveProperty('attempt');
  });
});

describe('mayBeginAtSignInPage', () => {
  it.each([
    ['a sign-in the person started, just now', () => ownSignInState('a'.repeat(32), { data: { byPerson: true } }), true],
    ['one they started 9 minutes ago', () => ownSignInState('b'.repeat(32), { data: { byPerson: true }, ageSeconds: 540 }), true],
    ['one they started 11 minutes ago', () => ownSignInState('c'.repeat(32), { data: { byPerson: true }, ageSeconds: 660 }), false],
    [
      "the portal's re-authentication (an expired session, a 401)",
      () => ownSignInState('d'.repeat(32), { data: { returnTo: '/profile/mfa' } }),
      false,
    ],
    ['a step-up', () => ownSignInState('e'.repeat(32), { data: { stepUp: true, maxAge: 300 } }), false],
    ['a state this tab never sent', () => 'f'.repeat(32), false],
  ])('%s: %s', (_, arrange, expected) => {
    expect(mayBeginAtSignInPage(arrange())).toBe(expected);
  });
});

describe('link attempts in storage', () => {
  it('start in this tab: local storage under "state" says only that one is under way, this tab\'s session storage holds the rest', () => {
    const started = startLinkAttempt({ idpId: '0oa4google', idpName: 'google' }, { owner: 'smwong25', phase: 'provider', now: T0 });
    expect(started.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(started.began).toBe('profile');
    expect(readLinkState()).toEqual({ mode: 'startLinkIdp', nonce: started.nonce, createdAt: T0 });
    expect(JSON.stringify({ ...window.localStorage })).not.toMatch(/smwong25|0oa4google|google/);
    expect(JSON.parse(window.sessionStorage.getItem(LINK_TAB_KEY)!)).toMatchObject({ owner: 'smwong25', link: { idpId: '0oa4google' } });
    expect(readLinkAttempt()).toEqual(started);
    expect(usableLinkAttempt({ phase: 'provider', now: T0 + 1000 })).toEqual({ attempt: started });
  });

  it("are discarded when expired or another person's, and left alone when another tab may still use them", () => {
    startLinkAttempt({ idpName: 'google' }, { owner: 'smwong25', phase: 'confirm', now: T0 });
    expect(usableLinkAttempt({ phase: 'provider', now: T0 })).toEqual({ refusal: 'wrongStep' });
    expect(readLinkState().mode).toBe('startLinkIdp');
    window.sessionStorage.removeItem(LINK_TAB_KEY);
    expect(usableLinkAttempt({ phase: 'confirm', now: T0, subject: 'smwong25' })).toEqual({ refusal: 'otherTab' });
    expect(readLinkState().mode).toBe('startLinkIdp');

    startLinkAttempt({ idpName: 'google' }, { owner: 'smwong25', phase: 'confirm', now: T0 });
    expect(usableLinkAttempt({ phase: 'confirm', now: T0, subject: 'taiman.chan' })).toEqual({ refusal: 'otherUser' });
    expect(readLinkState()).toEqual({ mode: 'normal' });

    startLinkAttempt({ idpName: 'google' }, { owner: 'smwong25', phase: 'confirm', now: T0 });
    expect(usableLinkAttempt({ phase: 'confirm', now: T0 + LINK_ATTEMPT_TTL_MS + 1 })).toEqual({ refusal: 'expired' });
    expect(readLinkState()).toEqual({ mode: 'normal' });
    expect(window.sessionStorage.getItem(LINK_TAB_KEY)).toBeNull();
  });

  it('use fresh random nonces', () => {
    expect(new Set(Array.from({ length: 50 }, () => createNonce())).size).toBe(50);
  });
});

describe('settleLinkAfterSignIn', () => {
  const signIn = { returnTo: '/profile/mfa', subject: 'smwong25' };

  it('moves the attempt this sign-in carried on to confirmation at /profile', () => {
    const started = startLinkAttempt(
      { idpId: '0oa4google', idpName: 'google', externalId: 'ext-g' },
      { owner: 'smwong25', phase: 'sign-in', now: T0 },
    );
    expect(settleLinkAfterSignIn({ ...signIn, link: started.nonce }, { now: T0 + 5000 })).toEqual({ to: '/profile' });
    expect(readLinkAttempt()).toMatchObject({ phase: 'confirm', nonce: started.nonce });
  });

  it('is used once: the same sign-in again finds nothing to move on', () => {
    const started = startLinkAttempt({ idpName: 'google', externalId: 'ext-g' }, { owner: 'smwong25', phase: 'sign-in', now: T0 });
    settleLinkAfterSignIn({ ...signIn, link: started.nonce }, { now: T0 });
    expect(settleLinkAfterSignIn({ ...signIn, link: started.nonce }, { now: T0 })).toEqual({ to: '/profile/details', refused: 'wrongStep' });
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });

  it('every other sign-in discards a stored attempt and goes where it was going', () => {
    startLinkAttempt({ idpName: 'google', externalId: 'ext-g' }, { owner: 'smwong25', phase: 'sign-in', now: T0 });
    expect(settleLinkAfterSignIn(signIn, { now: T0 })).toEqual({ to: '/profile/mfa' });
    expect(readLinkState()).toEqual({ mode: 'normal' });
    expect(window.sessionStorage.getItem(LINK_TAB_KEY)).toBeNull();
  });

  it.each([
    ['someone else signed in', { subject: 'taiman.chan' }, 0, 'otherUser'],
    ['it expired', {}, LINK_ATTEMPT_TTL_MS + 1, 'expired'],
  ])('refuses and discards the attempt when %s', (_, fields, later, refusal) => {
    const started = startLinkAttempt({ idpName: 'google', externalId: 'ext-g' }, { owner: 'smwong25', phase: 'sign-in', now: T0 });
    expect(settleLinkAfterSignIn({ ...signIn, ...fields, link: started.nonce }, { now: T0 + later })).toEqual({
      to: '/profile/details',
      refused: refusal,
    });
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });

  it('refuses a planted attempt that this tab did not start', () => {
    window.localStorage.setItem('state', encodeLinkState({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 }));
    expect(settleLinkAfterSignIn({ ...signIn, link: NONCE }, { now: T0 })).toEqual({ to: '/profile/details', refused: 'otherTab' });
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });

  it('discards a planted value that no attempt reads, too', () => {
    window.localStorage.setItem('state', btoa(JSON.stringify({ mode: 'startLinkIdp', link: { idpId: '0oa1smart', externalId: 'ext-evil' } })));
    expect(settleLinkAfterSignIn(signIn)).toEqual({ to: '/profile/mfa' });
    expect(window.localStorage.getItem('state')).toBe(encodeLinkState({ mode: 'normal' }));
  });

  it('leaves local storage alone when there is nothing to settle', () => {
    expect(settleLinkAfterSignIn(signIn)).toEqual({ to: '/profile/mfa' });
    expect(window.localStorage.getItem('state')).toBeNull();
  });
});

describe('the just-linked mark', () => {
  it('is for the provider this tab just linked, once', () => {
    markJustLinked('iamsmart');
    expect(takeJustLinked('google')).toBe(false);
    markJustLinked('iamsmart');
    expect(takeJustLinked('iamsmart')).toBe(true);
    expect(takeJustLinked('iamsmart')).toBe(false);
  });
});
