import { describe, expect, it } from 'vitest';
import { decodeLinkState, encodeLinkState, readLinkState, resetLinkState, writeLinkState, type LinkState } from './linkState';

describe('link state', () => {
  it.each<LinkState>([
    { mode: 'normal' },
    { mode: 'startLinkIdp', link: { idpId: '0oa4google', idpName: 'google' } },
    { mode: 'startLinkIdp', link: { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-iamsmart-5566778899' } },
    { mode: 'startLinkIdp', link: { idpId: '身份-1', idpName: 'apple' } },
  ])('round-trips %j through base64 JSON', (state) => {
    const encoded = encodeLinkState(state);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeLinkState(encoded)).toEqual(state);
  });

  it('is readable as plain base64 JSON by other tools', () => {
    expect(JSON.parse(atob(encodeLinkState({ mode: 'normal' })))).toEqual({ mode: 'normal' });
  });

  it.each([
    ['nothing stored', null],
    ['empty', ''],
    ['broken base64', '%%%not-base64'],
    ['base64 of non-JSON', btoa('hello')],
    ['base64 of invalid UTF-8', btoa('\xff\xfe')],
    ['JSON of another shape', btoa(JSON.stringify([1, 2]))],
    ['unknown mode', btoa(JSON.stringify({ mode: 'hijack', link: {} }))],
    ['linking without link', btoa(JSON.stringify({ mode: 'startLinkIdp' }))],
  ])('reads %s as normal', (_, raw) => {
    expect(decodeLinkState(raw)).toEqual({ mode: 'normal' });
  });

  it('drops unknown providers and odd values from the link', () => {
    const raw = btoa(JSON.stringify({ mode: 'startLinkIdp', link: { idpId: 42, idpName: 'myspace', externalId: 'x'.repeat(600) } }));
    expect(decodeLinkState(raw)).toEqual({ mode: 'startLinkIdp', link: {} });
  });

  it("lives in local storage under the key 'state'", () => {
    writeLinkState({ mode: 'startLinkIdp', link: { idpId: '0oa4google', idpName: 'google' } });
    expect(window.localStorage.getItem('state')).not.toBeNull();
    expect(readLinkState()).toEqual({ mode: 'startLinkIdp', link: { idpId: '0oa4google', idpName: 'google' } });
    resetLinkState();
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });
});
