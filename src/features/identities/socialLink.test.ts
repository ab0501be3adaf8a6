import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import { socialProvider } from '../../shared/socialProviders';
import { createSocialState, externalAccountLabel, externalAccountOf, isUserCreationDisabled, safeNavigationTarget } from './socialLink';

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

describe('safeNavigationTarget', () => {
  const origin = 'http://localhost:4173';
  it.each([
    ['/auth/iamsmart/callback?code=abc', '/auth/iamsmart/callback?code=abc'],
    ['http://localhost:4173/x?y=1#z', '/x?y=1#z'],
    ['https://accounts.google.example/o/oauth2/auth?x=1', 'https://accounts.google.example/o/oauth2/auth?x=1'],
    ['javascript:alert(1)', undefined],
    ['JAVASCRIPT:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['', undefined],
    ['   ', undefined],
    [null, undefined],
    [42, undefined],
    ['http://[::1', undefined],
  ])('%j gives %j', (address, expected) => {
    expect(safeNavigationTarget(address, origin)).toBe(expected);
  });
});

describe('externalAccountOf', () => {
  const token = (claims: object) => `x.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

  it("reads the contract's example tokens", () => {
    expect(externalAccountOf(example<{ id_token: string }>('exchangeSocialCode', 'new-user').id_token)).toEqual({
      externalId: 'ext-iamsmart-1029384756',
      externalName: 'wsm.personal@example.com (Wong Siu Ming)',
    });
    expect(externalAccountOf(example<{ data: { access_token: string } }>('getIamSmartTokenizedId', 'new-user').data.access_token)).toEqual({
      externalId: 'ext-iamsmart-5566778899',
    });
  });

  it.each([
    [
      { sub: 's1', name: 'Tai Man Chan', email: 'tm@example.com' },
      { externalId: 's1', externalName: 'tm@example.com (Tai Man Chan)' },
    ],
    [
      { sub: 's1', email: 'tm@example.com', preferred_username: 'tm' },
      { externalId: 's1', externalName: 'tm@example.com' },
    ],
    [
      { sub: 's1', name: 'Tai Man Chan', preferred_username: 'tm' },
      { externalId: 's1', externalName: 'Tai Man Chan' },
    ],
    [
      { sub: 's1', preferred_username: 'tm' },
      { externalId: 's1', externalName: 'tm' },
    ],
    [{ sub: 's1', name: '   ', email: 42 }, { externalId: 's1' }],
    [
      { sub: 's1', name: 'x'.repeat(500) },
      { externalId: 's1', externalName: 'x'.repeat(200) },
    ],
    // A name that turns itself around or hides characters reads as it is.
    [
      { sub: 's1', name: 'WONG Siu Ming\u202e)52gnowms(\u200b', email: 'evil@example.com' },
      { externalId: 's1', externalName: 'evil@example.com (WONG Siu Ming)52gnowms()' },
    ],
    [
      { sub: 's1', name: 'Tai\n\tMan' },
      { externalId: 's1', externalName: 'Tai Man' },
    ],
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

describe('externalAccountLabel', () => {
  it.each([
    [{ externalId: 'ext-iamsmart-1029384756', externalName: 'CHAN Tai Man' }, 'CHAN Tai Man'],
    [{ externalId: 'ext-iamsmart-1029384756' }, 'ext-ia…4756'],
    [{ externalId: 'short-id' }, 'short-id'],
    [{}, ''],
  ])('%j is shown as %j', (account, expected) => {
    expect(externalAccountLabel(account)).toBe(expected);
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
