import { describe, expect, it } from 'vitest';
import { PROVIDER_METADATA_KEY } from '../storage/storageKeys';
import { isUsableMetadata, keepProviderMetadata, readProviderMetadata } from './providerMetadata';

const AUTHORITY = 'https://sso.example.edu/oauth2/default';
const NOW = 1_800_000_000_000;
const HOUR = 60 * 60 * 1000;

const document = {
  issuer: AUTHORITY,
  authorization_endpoint: 'https://sso.example.edu/oauth2/default/v1/authorize',
  token_endpoint: 'https://sso.example.edu/oauth2/default/v1/token',
  end_session_endpoint: 'https://sso.example.edu/oauth2/default/v1/logout',
  revocation_endpoint: 'https://sso.example.edu/oauth2/default/v1/revoke',
  jwks_uri: 'https://sso.example.edu/oauth2/default/v1/keys',
};

describe('isUsableMetadata', () => {
  it.each([
    ['the provider’s own document', document, true],
    ['the issuer with a trailing slash', { ...document, issuer: `${AUTHORITY}/` }, true],
    ['another issuer', { ...document, issuer: 'https://sso.example.edu/oauth2/other' }, false],
    ['no issuer', { ...document, issuer: undefined }, false],
    ['a sign-in page on another origin', { ...document, authorization_endpoint: 'https://evil.example/authorize' }, false],
    ['a token endpoint on another origin', { ...document, token_endpoint: 'https://evil.example/token' }, false],
    ['a logout on another origin', { ...document, end_session_endpoint: 'https://evil.example/logout' }, false],
    ['a revocation endpoint over plain http', { ...document, revocation_endpoint: 'http://sso.example.edu/revoke' }, false],
    ['a javascript: address', { ...document, authorization_endpoint: 'javascript:alert(1)' }, false],
    [
      'a sign-in page carrying parameters of its own',
      { ...document, authorization_endpoint: `${document.authorization_endpoint}?client_id=evil&redirect_uri=https://evil.example/` },
      false,
    ],
    [
      'a logout carrying where to go after',
      { ...document, end_session_endpoint: `${document.end_session_endpoint}?post_logout_redirect_uri=https://evil.example/` },
      false,
    ],
    ['an endpoint with a fragment', { ...document, token_endpoint: `${document.token_endpoint}#x` }, false],
    ['an endpoint with credentials', { ...document, token_endpoint: 'https://user:pass@sso.example.edu/oauth2/default/v1/token' }, false],
    [
      'another authorization server on the same host',
      { ...document, authorization_endpoint: 'https://sso.example.edu/oauth2/other/v1/authorize' },
      false,
    ],
    ['a path that only starts like the issuer’s', { ...document, token_endpoint: 'https://sso.example.edu/oauth2/default-evil/token' }, false],
    ['no token endpoint', { ...document, token_endpoint: undefined }, false],
    ['an endpoint that is not text', { ...document, token_endpoint: ['https://sso.example.edu/token'] }, false],
    ['not an object', 'https://sso.example.edu', false],
    ['an array', [document], false],
    ['null', null, false],
  ])('%s: %s', (_case, metadata, usable) => {
    expect(isUsableMetadata(metadata, AUTHORITY)).toBe(usable);
  });

  it('accepts plain http on this machine only (the dev identity provider)', () => {
    const local = 'http://localhost:9000';
    const dev = { issuer: local, authorization_endpoint: `${local}/auth`, token_endpoint: `${local}/token` };
    expect(isUsableMetadata(dev, local)).toBe(true);
    const remote = 'http://sso.example.edu';
    expect(isUsableMetadata({ issuer: remote, authorization_endpoint: `${remote}/auth`, token_endpoint: `${remote}/token` }, remote)).toBe(false);
  });
});

describe('kept discovery document', () => {
  const storage = () => {
    window.localStorage.clear();
    return window.localStorage;
  };

  it('is read back for the same authority within the hour', () => {
    const local = storage();
    keepProviderMetadata(local, AUTHORITY, document, NOW);
    expect(readProviderMetadata(local, AUTHORITY, NOW + HOUR - 1)).toEqual(document);
  });

  it('keeps and hands on only the fields it checked', () => {
    const local = storage();
    keepProviderMetadata(local, AUTHORITY, { ...document, check_session_iframe: 'https://evil.example/frame' }, NOW);
    expect(local.getItem(PROVIDER_METADATA_KEY)).not.toContain('evil');
    local.setItem(
      PROVIDER_METADATA_KEY,
      JSON.stringify({
        authority: AUTHORITY,
        savedAt: NOW,
        metadata: { ...document, pushed_authorization_request_endpoint: 'https://evil.example/par' },
      }),
    );
    expect(readProviderMetadata(local, AUTHORITY, NOW)).toEqual(document);
  });

  it.each([
    ['after an hour', AUTHORITY, NOW + HOUR + 1],
    ['for another authority', 'https://sso.example.edu/oauth2/other', NOW],
    ['saved in the future (a clock moved back)', AUTHORITY, NOW - 1],
  ])('is not used %s', (_case, authority, now) => {
    const local = storage();
    keepProviderMetadata(local, AUTHORITY, document, NOW);
    expect(readProviderMetadata(local, authority, now)).toBeUndefined();
  });

  it('is not kept when the provider’s answer is not one the portal can trust', () => {
    const local = storage();
    keepProviderMetadata(local, AUTHORITY, { ...document, token_endpoint: 'https://evil.example/token' }, NOW);
    expect(local.getItem(PROVIDER_METADATA_KEY)).toBeNull();
  });

  it.each([
    [
      'a planted document with a sign-in page elsewhere',
      { authority: AUTHORITY, savedAt: NOW, metadata: { ...document, authorization_endpoint: 'https://evil.example/a' } },
    ],
    ['a planted document without a time', { authority: AUTHORITY, metadata: document }],
    ['a planted document with a time as text', { authority: AUTHORITY, savedAt: String(NOW), metadata: document }],
    ['something that is not JSON', '{"authority":'],
  ])('ignores %s', (_case, planted) => {
    const local = storage();
    local.setItem(PROVIDER_METADATA_KEY, typeof planted === 'string' ? planted : JSON.stringify(planted));
    expect(readProviderMetadata(local, AUTHORITY, NOW)).toBeUndefined();
  });
});
