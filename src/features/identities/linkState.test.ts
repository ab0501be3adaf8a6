import { describe, expect, it } from 'vitest';
import {
  checkAttempt,
  createNonce,
  decodeLinkState,
  encodeLinkState,
  LINK_ATTEMPT_TTL_MS,
  markJustLinked,
  readLinkState,
  settleLinkAfterSignIn,
  startLinkAttempt,
  takeJustLinked,
  usableLinkAttempt,
  type AttemptCheck,
  type LinkState,
} from './linkState';
import { LINK_TAB_KEY } from '../../shared/storageKeys';

const NONCE = 'n0nce-0123456789abcdef';
const T0 = 1_800_000_000_000;
const attempt = (fields: Partial<Extract<LinkState, { mode: 'startLinkIdp' }>> = {}): LinkState => ({
  mode: 'startLinkIdp',
  link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-g-1' },
  nonce: NONCE,
  createdAt: T0,
  phase: 'sign-in',
  owner: 'smwong25',
  ...fields,
});

describe('link state encoding', () => {
  it.each<LinkState>([
    { mode: 'normal' },
    attempt(),
    attempt({ link: { idpId: '身份-1', idpName: 'apple', externalName: '陳大文', externalNameSource: 'ownerName' }, phase: 'provider' }),
    { mode: 'startLinkIdp', link: { idpName: 'iamsmart', externalId: 'ext-1' }, nonce: NONCE, createdAt: T0, phase: 'confirm', owner: 'smwong25' },
  ])('round-trips %j through base64 JSON', (state) => {
    const encoded = encodeLinkState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeLinkState(encoded)).toEqual(state);
  });

  it("keeps the spec's shape: base64 JSON with mode and link {idpId, externalId, idpName}, plus nonce and start time", () => {
    expect(JSON.parse(atob(encodeLinkState(attempt())))).toEqual({
      mode: 'startLinkIdp',
      link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-g-1' },
      nonce: NONCE,
      createdAt: T0,
      phase: 'sign-in',
      owner: 'smwong25',
    });
  });

  const raw = (value: unknown) => btoa(JSON.stringify(value));
  it.each([
    ['nothing stored', null],
    ['empty', ''],
    ['broken base64', '%%%not-base64'],
    ['base64 of non-JSON', btoa('hello')],
    ['base64 of invalid UTF-8', btoa('\xff\xfe')],
    ['JSON of another shape', raw([1, 2])],
    ['unknown mode', raw({ mode: 'hijack', link: {} })],
    ['linking without link', raw({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0, phase: 'sign-in' })],
    [
      "today's link state without nonce or start time (as planted before this portal checked them)",
      raw({ mode: 'startLinkIdp', link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-x' } }),
    ],
    ['a short nonce', raw({ ...attempt(), nonce: 'abc' })],
    ['a nonce with odd characters', raw({ ...attempt(), nonce: '<script>alert(1)</script>xxxx' })],
    ['a start time that is not a number', raw({ ...attempt(), createdAt: '2026-01-01' })],
    ['an unknown step', raw({ ...attempt(), phase: 'linked' })],
    ["an attempt without an owner (as the identity provider's links once started)", raw({ ...attempt(), owner: undefined })],
    ['an attempt with an empty owner', raw({ ...attempt(), owner: '' })],
  ])('reads %s as normal', (_, value) => {
    expect(decodeLinkState(value)).toEqual({ mode: 'normal' });
  });

  it('drops a name whose source is unknown: where a name comes from is part of showing it', () => {
    const value = raw({ ...attempt(), link: { idpName: 'google', externalName: 'Wong Siu Ming', externalNameSource: 'trustMe' } });
    expect(decodeLinkState(value)).not.toHaveProperty('link.externalName');
  });

  it('drops odd values from the link', () => {
    const value = raw({ ...attempt(), link: { idpId: 42, idpName: 'google', externalId: 'x'.repeat(600), externalName: 'y'.repeat(300) } });
    expect(decodeLinkState(value)).toMatchObject({ mode: 'startLinkIdp', link: { idpName: 'google' } });
    expect(decodeLinkState(value)).not.toHaveProperty('link.idpId');
  });

  it.each([
    ['an unknown provider', 'myspace'],
    ['no provider', undefined],
  ])('reads an attempt for %s as normal', (_, idpName) => {
    expect(decodeLinkState(raw({ ...attempt(), link: { idpId: '0oa9', externalId: 'x', idpName } }))).toEqual({ mode: 'normal' });
  });
});

describe('checkAttempt', () => {
  const check = (fields: Partial<AttemptCheck> = {}): AttemptCheck => ({
    tabNonce: NONCE,
    now: T0 + 60_000,
    phase: 'sign-in',
    signInNonce: NONCE,
    subject: 'smwong25',
    ...fields,
  });

  it('accepts the attempt of this tab, this step, this sign-in and this person within 10 minutes', () => {
    expect(checkAttempt(attempt(), check())).toEqual({ attempt: expect.objectContaining({ nonce: NONCE, phase: 'sign-in' }) });
    expect(checkAttempt(attempt(), check({ now: T0 + LINK_ATTEMPT_TTL_MS }))).toHaveProperty('attempt');
  });

  it.each<[string, LinkState, Partial<AttemptCheck>, string]>([
    ['no attempt', { mode: 'normal' }, {}, 'none'],
    ['another tab (or an earlier visitor) started it', attempt(), { tabNonce: 'other-tab-nonce-0000' }, 'otherTab'],
    ['this tab holds no attempt', attempt(), { tabNonce: null }, 'otherTab'],
    ['more than 10 minutes old', attempt(), { now: T0 + LINK_ATTEMPT_TTL_MS + 1 }, 'expired'],
    ['started in the future', attempt({ createdAt: T0 + 3_600_000 }), {}, 'expired'],
    ['at another step (a replay)', attempt({ phase: 'confirm' }), {}, 'wrongStep'],
    ['carried by another sign-in', attempt(), { signInNonce: 'another-nonce-000000' }, 'otherSignIn'],
    ['by a sign-in that carried none', attempt(), { signInNonce: undefined }, 'otherSignIn'],
    ['signed in as someone else', attempt(), { subject: 'taiman.chan' }, 'otherUser'],
    ['confirmed by someone else', attempt({ phase: 'confirm' }), { phase: 'confirm', subject: 'taiman.chan' }, 'otherUser'],
  ])('refuses an attempt when %s', (_, state, fields, refusal) => {
    expect(checkAttempt(state, check(fields))).toEqual({ refusal });
  });

  it('does not ask who is signed in before the sign-in (the provider step)', () => {
    expect(checkAttempt(attempt({ phase: 'provider' }), check({ phase: 'provider', subject: undefined }))).toHaveProperty('attempt');
  });

  it('has no attempt without an owner: one stored without is no attempt at all', () => {
    const ownerless = btoa(JSON.stringify({ ...attempt(), owner: undefined }));
    expect(checkAttempt(decodeLinkState(ownerless), check({ subject: 'taiman.chan' }))).toEqual({ refusal: 'none' });
  });
});

describe('link attempts in storage', () => {
  it('start in this tab: local storage under "state", the nonce in this tab\'s session storage', () => {
    const started = startLinkAttempt({ idpId: '0oa4google', idpName: 'google' }, { owner: 'smwong25', phase: 'provider', now: T0 });
    expect(started.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(readLinkState()).toEqual({ mode: 'startLinkIdp', ...started });
    expect(window.sessionStorage.getItem(LINK_TAB_KEY)).toBe(started.nonce);
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
    expect(readLinkState()).toMatchObject({ phase: 'confirm', nonce: started.nonce });
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
    window.localStorage.setItem('state', encodeLinkState(attempt()));
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
