import { describe, expect, it } from 'vitest';
import type { Factor, FactorListResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { FACTOR_KINDS } from '../mfa/factorKinds';
import { travelCheck, WORKS_WITHOUT_SIGNAL } from './travelCheck';

const factor = (factorType: string, provider: string, status = 'ACTIVE'): Factor =>
  ({ id: `${factorType}-${provider}`, factorType, provider, status }) as Factor;
const notSetUp = (factorType: string, provider: string) => factor(factorType, provider, 'NOT_SETUP');

describe('which methods sign in without mobile signal', () => {
  it.each([
    ['push', true],
    ['oktaTotp', true],
    ['googleTotp', true],
    ['webauthn', true],
    ['custom', true],
    ['email', false],
    ['sms', false],
    ['call', false],
  ] as const)('%s: %s', (kind, offline) => {
    expect(WORKS_WITHOUT_SIGNAL[kind]).toBe(offline);
  });

  it('decides for every kind of the catalogue', () => {
    expect(Object.keys(WORKS_WITHOUT_SIGNAL).sort()).toEqual(FACTOR_KINDS.map((kind) => kind.id).sort());
  });
});

describe('travelCheck', () => {
  it.each<[string, Factor[]]>([
    ['a code app', [factor('token:software:totp', 'GOOGLE')]],
    ["Okta Verify's code", [factor('token:software:totp', 'OKTA')]],
    ['Okta Verify (push, with its code)', [factor('push', 'OKTA')]],
    ['a security key or passkey', [factor('webauthn', 'FIDO')]],
    ['the university authenticator', [factor('token:hotp', 'CUSTOM')]],
    ['a security key, named in other letter cases', [factor('WEBAUTHN', 'fido')]],
    ['SMS and a code app', [factor('sms', 'OKTA'), factor('token:software:totp', 'GOOGLE')]],
  ])('ready with %s', (_what, factors) => {
    expect(travelCheck(factors)).toEqual({ ready: true });
  });

  it.each<[string, Factor[]]>([
    ['nothing at all', []],
    ['SMS, voice and email only, with nothing else offered', [factor('sms', 'OKTA'), factor('call', 'OKTA'), factor('email', 'OKTA')]],
    ['a method the portal does not know', [factor('carrier-pigeon', 'OKTA')]],
    ['the security question, which is no sign-in method', [factor('question', 'OKTA')]],
  ])('not ready, with no set-up to offer, with %s', (_what, factors) => {
    expect(travelCheck(factors)).toEqual({ ready: false });
  });

  it.each<[string, Factor[], { id: string; provider: string; factorType: string }]>([
    [
      'SMS only: the first offline method the list offers, in its order',
      [factor('sms', 'OKTA'), notSetUp('token:hotp', 'CUSTOM'), notSetUp('token:software:totp', 'GOOGLE')],
      { id: 'googleTotp', provider: 'GOOGLE', factorType: 'token:software:totp' },
    ],
    [
      'a code app still waiting for its code is not one yet',
      [factor('token:software:totp', 'GOOGLE', 'PENDING_ACTIVATION')],
      { id: 'googleTotp', provider: 'GOOGLE', factorType: 'token:software:totp' },
    ],
    [
      'the server’s own spelling is the one the wizard opens with',
      [notSetUp('webauthn', 'fido')],
      { id: 'webauthn', provider: 'fido', factorType: 'webauthn' },
    ],
  ])('not ready, offering a set-up: %s', (_what, factors, offered) => {
    const check = travelCheck(factors);
    expect(check.ready).toBe(false);
    expect(!check.ready && check.setUp && { id: check.setUp.kind.id, provider: check.setUp.provider, factorType: check.setUp.factorType }).toEqual(
      offered,
    );
  });

  it('answers both personas as the contract has them', () => {
    expect(travelCheck(example<FactorListResponse>('getFactors', 'full').factors)).toEqual({ ready: true });
    const newUser = travelCheck(example<FactorListResponse>('getFactors', 'new-user').factors);
    expect(newUser).toMatchObject({ ready: false, setUp: { kind: { id: 'push' }, provider: 'OKTA', factorType: 'push' } });
  });
});
