import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import { createSocialState, isUserCreationDisabled, jwtSubject, safeNavigationTarget, sendsState } from './socialLink';

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

describe('sendsState', () => {
  it.each([
    ['iamsmart', false],
    ['google', true],
    ['facebook', true],
    ['linkedin', true],
    ['apple', true],
  ] as const)('%s: %s', (provider, expected) => {
    expect(sendsState(provider)).toBe(expected);
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

describe('jwtSubject', () => {
  it("reads the contract's example tokens", () => {
    expect(jwtSubject(example<{ id_token: string }>('exchangeSocialCode', 'new-user').id_token)).toBe('ext-iamsmart-1029384756');
    expect(jwtSubject(example<{ data: { access_token: string } }>('getIamSmartTokenizedId', 'new-user').data.access_token)).toBe(
      'ext-iamsmart-5566778899',
    );
  });

  it.each([undefined, '', 'not-a-jwt', 'a.%%%.c', `x.${btoa('{"iss":"x"}')}.`, `x.${btoa('{"sub":""}')}.`, `x.${btoa('[]')}.`])(
    '%j has no subject',
    (token) => {
      expect(jwtSubject(token)).toBeUndefined();
    },
  );
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
