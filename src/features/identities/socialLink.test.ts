import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import { socialProvider } from '../../shared/config/socialProviders';
import { createSocialState, externalAccountOf, isUserCreationDisabled, pinnedAuthorizeTarget } from './socialLink';

describe('createSocialState', () => {
  it('makes 32 letters and digits from the cryptographic source', () => {
    const state = createSocialState();
    expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(createSocialState()).not.toBe(state);
  });

  it('skips bytes that would bias the alphabet', () => {
    let call = 0;
    const state = createSocialState((bytes) => bytes.fill(call++ === 0 ? 255 : 0));
    expect(state).toBe('A'.repeat(32));
  });
});

describe('which authorize calls carry a state', () => {
  it.each([
    ['iamsmart', false],
    ['google', true],
    ['facebook', true],
    ['linkedin', true],
    ['apple', true],
  ] as const)('%s: %s', (provider, expected) => {
    expect(socialProvider(provider).sendsState).toBe(expected);
  });
});

describe('pinnedAuthorizeTarget', () => {
  const origin = 'http://localhost:4173';
  const google = 'https://accounts.google.com';
  it.each([
    ['https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=y', google, 'https://accounts.google.com/o/oauth2/v2/auth?client_id=x&state=y'],
    ['https://ACCOUNTS.google.com:443/o/oauth2/auth', google, 'https://accounts.google.com/o/oauth2/auth'],
    ['https://evil.example/o/oauth2/auth', google, undefined],
    ['https://accounts.google.com.evil.example/o/oauth2/auth', google, undefined],
    ['https://evil.example@accounts.google.com/', google, undefined],
    ['https://accounts.google.com@evil.example/', google, undefined],
    ['http://accounts.google.com/o/oauth2/auth', google, undefined],
    ['https://accounts.google.com:8443/o/oauth2/auth', google, undefined],
    ['//accounts.google.com/o/oauth2/auth', google, undefined],
    ['/auth/google/callback?code=abc', google, undefined],
    ['/auth/iamsmart/callback?code=abc', 'self', '/auth/iamsmart/callback?code=abc'],
    ['http://localhost:4173/x?y=1#z', 'self', '/x?y=1#z'],
    ['https://accounts.google.com/o/oauth2/auth', 'self', undefined],
    ['javascript:alert(1)', 'self', undefined],
    ['JAVASCRIPT:alert(1)', google, undefined],
    ['data:text/html,<script>alert(1)</script>', 'self', undefined],
    ['', google, undefined],
    ['   ', 'self', undefined],
    [null, 'self', undefined],
    [42, google, undefined],
    ['http://[::1', 'self', undefined],
  ])('%j pinned to %s gives %j', (address, pinned, expected) => {
    expect(pinnedAuthorizeTarget(address, pinned, origin)).toBe(expected);
  });
});

/** An unsigned token carrying `claims`, its payload base64url-encoded as a provider's is. */
const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

describe('externalAccountOf', () => {
  it("reads the contract's example tokens", () => {
    expect(externalAccountOf(example<{ id_token: string }>('exchangeSocialCode', 'new-user').id_token)).toEqual({
      externalId: 'ext-iamsmart-1029384756',
      // The example carries no email_verified: the name, said to be the owner's choice.
      externalName: 'Wong Siu Ming',
      externalNameSource: 'ownerName',
    });
    expect(externalAccountOf(example<{ data: { access_token: string } }>('getIamSmartTokenizedId', 'new-user').data.access_token)).toEqual({
      externalId: 'ext-iamsmart-5566778899',
    });
  });

  it.each([
    [
      { sub: 's1', name: 'Tai Man Chan', email: 'tm@example.com', email_verified: true },
      { externalId: 's1', externalName: 'tm@example.com', externalNameSource: 'verifiedEmail' },
    ],
    // Apple sends email_verified as a string.
    [
      { sub: 's1', email: 'tm@example.com', email_verified: 'true' },
      { externalId: 's1', externalName: 'tm@example.com', externalNameSource: 'verifiedEmail' },
    ],
    // An email the provider did not verify is anyone's: never shown.
    [
      { sub: 's1', name: 'Tai Man Chan', email: 'tm@example.com' },
      { externalId: 's1', externalName: 'Tai Man Chan', externalNameSource: 'ownerName' },
    ],
    [
      { sub: 's1', name: 'Tai Man Chan', email: 'tm@example.com', email_verified: false },
      { externalId: 's1', externalName: 'Tai Man Chan', externalNameSource: 'ownerName' },
    ],
    [
      { sub: 's1', name: 'Tai Man Chan', email: 'tm@example.com', email_verified: 'yes' },
      { externalId: 's1', externalName: 'Tai Man Chan', externalNameSource: 'ownerName' },
    ],
    [{ sub: 's1', email: 'tm@example.com' }, { externalId: 's1' }],
    [
      { sub: 's1', preferred_username: 'tm' },
      { externalId: 's1', externalName: 'tm', externalNameSource: 'ownerName' },
    ],
    [{ sub: 's1', name: '   ', email: 42 }, { externalId: 's1' }],
    [
      { sub: 's1', name: 'x'.repeat(500) },
      { externalId: 's1', externalName: `${'x'.repeat(120)}…`, externalNameSource: 'ownerName' },
    ],
    // A name that turns itself around or hides characters reads as it is.
    [
      { sub: 's1', name: 'WONG Siu Ming\u202e)52gnowms(\u200b', email: 'evil@example.com' },
      { externalId: 's1', externalName: 'WONG Siu Ming)52gnowms(', externalNameSource: 'ownerName' },
    ],
    [
      { sub: 's1', name: 'Tai\n\tMan' },
      { externalId: 's1', externalName: 'Tai Man', externalNameSource: 'ownerName' },
    ],
    [{ sub: 's1', name: '\u3164\u115f\u200b' }, { externalId: 's1' }],
  ])('%j names %j', (claims, expected) => {
    expect(externalAccountOf(token(claims))).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    'not-a-jwt',
    'a.%%%.c',
    `x.${btoa('{"iss":"x"}')}.`,
    `x.${btoa('{"sub":""}')}.`,
    `x.${btoa('[]')}.`,
    `x.${btoa(JSON.stringify({ sub: 'y'.repeat(600) }))}.`,
  ])('%j has no subject', (value) => {
    expect(externalAccountOf(value)).toBeUndefined();
  });
});

describe("externalAccountOf for iAM Smart's tokenized id", () => {
  it.each([
    [{ sub: 'ext-iamsmart-1' }, { externalId: 'ext-iamsmart-1' }],
    [
      { sub: 'ext-iamsmart-1', enName: 'CHAN, Tai Man' },
      { externalId: 'ext-iamsmart-1', externalName: 'CHAN, Tai Man', externalNameSource: 'profile' },
    ],
    [
      { sub: 'ext-iamsmart-1', chName: '陳大文' },
      { externalId: 'ext-iamsmart-1', externalName: '陳大文', externalNameSource: 'profile' },
    ],
    // Even a verified email is not what a tokenized id names.
    [{ sub: 'ext-iamsmart-1', email: 'x@example.com', email_verified: true }, { externalId: 'ext-iamsmart-1' }],
  ])('%j names %j', (claims, expected) => {
    expect(externalAccountOf(token(claims), { profile: true })).toEqual(expected);
  });
});

describe('isUserCreationDisabled', () => {
  it.each([
    [['User creation was disabled.'], true],
    [['access_denied', 'user creation is disabled for this provider'], true],
    [['用戶創建已被禁用'], true],
    [['用户创建已禁用'], true],
    [['access_denied', 'The user cancelled'], false],
    [[undefined], false],
  ])('%j: %s', (texts, expected) => {
    expect(isUserCreationDisabled(...texts)).toBe(expected);
  });
});
