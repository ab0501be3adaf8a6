import { describe, expect, it } from 'vitest';
import type { Factor, FactorListResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { mfaRows, type MfaRow } from './mfaRows';
import { listedKindOf } from './factorKinds';

const names = (rows: MfaRow[]) => rows.map((row) => ('key' in row.name ? row.name.key : row.name.text));
const factor = (factorType: string, provider: string, status = 'NOT_SETUP', extra: Partial<Factor> = {}) =>
  ({ factorType, provider, status, ...extra }) as Factor;

describe('listedKindOf', () => {
  it.each([
    ['push', 'OKTA', 'mfa.factor.push'],
    ['token:software:totp', 'OKTA', 'mfa.factor.oktaTotp'],
    ['TOKEN:SOFTWARE:TOTP', 'google', 'mfa.factor.googleTotp'],
    ['email', 'OKTA', 'mfa.factor.email'],
    ['sms', 'OKTA', 'mfa.factor.sms'],
    ['call', 'OKTA', 'mfa.factor.call'],
    ['webauthn', 'FIDO', 'mfa.factor.webauthn'],
    ['token:hotp', 'CUSTOM', 'mfa.factor.custom'],
    ['question', 'OKTA', undefined],
    ['webauthn', 'OKTA', undefined],
    ['token:hotp', 'OKTA', undefined],
    ['u2f', 'FIDO', undefined],
  ])('%s from %s is %s', (type, provider, expected) => {
    expect(listedKindOf(factor(type, provider))?.name).toBe(expected);
  });
});

describe('mfaRows', () => {
  it('lists the new user’s factors in display order, all to set up, push hiding the Okta code', () => {
    const rows = mfaRows(example<FactorListResponse>('getFactors', 'new-user').factors);
    expect(names(rows)).toEqual([
      'mfa.factor.push',
      'mfa.factor.googleTotp',
      'mfa.factor.email',
      'mfa.factor.sms',
      'mfa.factor.call',
      'mfa.factor.custom',
    ]);
    expect(rows.every((row) => !row.enabled && row.action.kind === 'setup')).toBe(true);
    expect(rows.find((r) => r.key === 'mfa.factor.sms')?.action).toEqual({ kind: 'setup', provider: 'OKTA', factorType: 'sms' });
  });

  it('lists each active factor as a row of its own, each passkey marked, and no row to set up a passkey', () => {
    const rows = mfaRows(example<FactorListResponse>('getFactors', 'full').factors);
    expect(rows.map((row) => row.key)).toEqual([
      'push:opf1taimanpush',
      'googleTotp:uft1taimangoogle',
      'email:emf1taimanemail',
      'sms:mbf1taimansms',
      'call:clf1taimancall',
      'webauthn:fwf1taimanyubikey',
      'webauthn:fwf2taimanplatform',
      'custom:chf1taimancustom',
    ]);
    expect(rows.every((row) => row.enabled && row.action.kind === 'remove')).toBe(true);
    expect(rows.filter((row) => row.passkey).map((row) => row.factor?.id)).toEqual(['fwf1taimanyubikey', 'fwf2taimanplatform']);
    expect(rows.find((row) => row.kind === 'sms')?.factor).toMatchObject({ nickname: 'Work mobile', lastChallenged: '2026-11-18T23:47:05.000Z' });
  });

  it('lists two phones with SMS as two rows, and one Set up row for a kind with none active', () => {
    const rows = mfaRows([
      factor('sms', 'OKTA', 'ACTIVE', { id: 's1', profile: { phoneNumber: '+85291234567' } }),
      factor('sms', 'OKTA', 'ACTIVE', { id: 's2', profile: { phoneNumber: '+447700900123' } }),
      factor('call', 'OKTA', 'PENDING_ACTIVATION', { id: 'c1' }),
    ]);
    expect(rows.map((row) => [row.key, row.phone, row.action.kind])).toEqual([
      ['sms:s1', '+85291234567', 'remove'],
      ['sms:s2', '+447700900123', 'remove'],
      ['mfa.factor.call', undefined, 'setup'],
    ]);
  });

  it('shows the Okta Verify code entry when there is no push factor', () => {
    const rows = mfaRows([factor('token:software:totp', 'OKTA', 'ACTIVE', { id: 't1' }), factor('sms', 'OKTA')]);
    expect(names(rows)).toEqual(['mfa.factor.oktaTotp', 'mfa.factor.sms']);
    expect(rows[0]!.action).toEqual({ kind: 'remove', factorId: 't1' });
  });

  it('hides factors outside the registry and orders by the registry, not the server', () => {
    const rows = mfaRows([factor('token:hotp', 'CUSTOM'), factor('u2f', 'FIDO'), factor('question', 'OKTA'), factor('email', 'OKTA')]);
    expect(names(rows)).toEqual(['mfa.factor.email', 'mfa.factor.custom']);
  });

  it('offers Set up for an active factor the server gave no id', () => {
    expect(mfaRows([factor('sms', 'OKTA', 'ACTIVE')])[0]!.action.kind).toBe('setup');
  });

  it('carries the number of each phone method set up, and of nothing else', () => {
    const rows = mfaRows(example<FactorListResponse>('getFactors', 'full').factors);
    expect(rows.filter((row) => row.phone).map((row) => [row.key, row.phone])).toEqual([
      ['sms:mbf1taimansms', '+85291234567'],
      ['call:clf1taimancall', '+85221234567'],
    ]);
    const odd = [
      factor('sms', 'OKTA', 'NOT_SETUP', { profile: { phoneNumber: '+85291234567' } }),
      factor('call', 'OKTA', 'ACTIVE', { id: 'c1' }),
      factor('push', 'OKTA', 'ACTIVE', { id: 'p1', profile: { phoneNumber: '+85291234567' } }),
    ];
    expect(mfaRows(odd).map((row) => row.phone)).toEqual([undefined, undefined, undefined]);
  });

  it.each([
    ['YubiKey 5 NFC', { text: 'YubiKey 5 NFC' }],
    ['\u202eYubi\u200bKey  5\nNFC', { text: 'YubiKey 5 NFC' }],
    ['\u200b\u2066', { key: 'mfa.defaultAuthenticator' }],
    [undefined, { key: 'mfa.defaultAuthenticator' }],
    [42, { key: 'mfa.defaultAuthenticator' }],
  ])('names a passkey with the model %j as %j: made fit to show, else "Authenticator"', (authenticatorName, name) => {
    const passkey = factor('webauthn', 'FIDO', 'ACTIVE', { id: 'w1', profile: { authenticatorName } as Factor['profile'] });
    expect(mfaRows([passkey])[0]!.name).toEqual(name);
  });

  it('is empty without factors', () => {
    expect(mfaRows([])).toEqual([]);
  });
});
