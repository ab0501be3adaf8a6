import { describe, expect, it } from 'vitest';
import { LINK_TAB_KEY, LINK_TICKET_KEY } from '../../shared/storage/storageKeys';
import { decodeLinkState, encodeLinkState, LINK_ATTEMPT_TTL_MS, purgeExpiredLinkAttempt, type LinkState } from './linkMarker';

const NONCE = 'n0nce-0123456789abcdef';
const T0 = 1_800_000_000_000;
const raw = (value: unknown) => btoa(JSON.stringify(value));

describe('the link marker in local storage', () => {
  it.each<LinkState>([{ mode: 'normal' }, { mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 }])('round-trips %j through base64 JSON', (state) => {
    const encoded = encodeLinkState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeLinkState(encoded)).toEqual(state);
  });

  it("keeps the spec's key and mode, and nothing personal: only the nonce and the start time", () => {
    expect(JSON.parse(atob(encodeLinkState({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 })))).toEqual({
      mode: 'startLinkIdp',
      nonce: NONCE,
      createdAt: T0,
    });
  });

  it('reads only the marker of a value that carries more (as an older portal stored the details there)', () => {
    const older = raw({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0, owner: 'smwong25', link: { idpName: 'google', externalId: 'ext' } });
    expect(decodeLinkState(older)).toEqual({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 });
  });

  it.each([
    ['nothing stored', null],
    ['empty', ''],
    ['broken base64', '%%%not-base64'],
    ['base64 of non-JSON', btoa('hello')],
    ['base64 of invalid UTF-8', btoa('\xff\xfe')],
    ['JSON of another shape', raw([1, 2])],
    ['unknown mode', raw({ mode: 'hijack', nonce: NONCE, createdAt: T0 })],
    [
      'a link state without nonce or start time (as planted before this portal checked them)',
      raw({ mode: 'startLinkIdp', link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-x' } }),
    ],
    ['a short nonce', raw({ mode: 'startLinkIdp', nonce: 'abc', createdAt: T0 })],
    ['a nonce with odd characters', raw({ mode: 'startLinkIdp', nonce: '<script>alert(1)</script>xxxx', createdAt: T0 })],
    ['a start time that is not a number', raw({ mode: 'startLinkIdp', nonce: NONCE, createdAt: '2026-01-01' })],
  ])('reads %s as normal', (_, value) => {
    expect(decodeLinkState(value)).toEqual({ mode: 'normal' });
  });
});

describe('purgeExpiredLinkAttempt (the page’s first code)', () => {
  const tabPart = () => {
    window.sessionStorage.setItem(LINK_TAB_KEY, JSON.stringify({ nonce: NONCE }));
    window.sessionStorage.setItem(LINK_TICKET_KEY, 'ticket');
  };
  const stored = () => [
    window.localStorage.getItem('state'),
    window.sessionStorage.getItem(LINK_TAB_KEY),
    window.sessionStorage.getItem(LINK_TICKET_KEY),
  ];
  const NORMAL = encodeLinkState({ mode: 'normal' });

  it.each([
    ['an attempt past its 10 minutes', encodeLinkState({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 - LINK_ATTEMPT_TTL_MS - 1 })],
    ['an attempt that claims to begin in an hour', encodeLinkState({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 + 3_600_000 })],
    ['a value that is no marker', raw({ mode: 'startLinkIdp', link: { idpId: '0oa1smart', externalId: 'ext-evil' } })],
  ])('removes %s, and this tab’s part of it', (_, value) => {
    window.localStorage.setItem('state', value);
    tabPart();
    purgeExpiredLinkAttempt({ now: T0 });
    expect(stored()).toEqual([NORMAL, null, null]);
  });

  it('keeps a current attempt, without the details an older portal kept beside it', () => {
    window.localStorage.setItem('state', raw({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 - 60_000, owner: 'smwong25', link: {} }));
    tabPart();
    purgeExpiredLinkAttempt({ now: T0 });
    expect(stored()).toEqual([
      encodeLinkState({ mode: 'startLinkIdp', nonce: NONCE, createdAt: T0 - 60_000 }),
      JSON.stringify({ nonce: NONCE }),
      'ticket',
    ]);
  });

  it('leaves nothing stored, or the normal state, as it is, and no part of an attempt that is over', () => {
    tabPart();
    purgeExpiredLinkAttempt({ now: T0 });
    expect(stored()).toEqual([null, null, null]);
    window.localStorage.setItem('state', NORMAL);
    tabPart();
    purgeExpiredLinkAttempt({ now: T0 });
    expect(stored()).toEqual([NORMAL, null, null]);
  });
});
