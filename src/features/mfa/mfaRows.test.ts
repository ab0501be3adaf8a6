import { describe, expect, it } from 'vitest';
import type { Factor, FactorListResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { addedOf, formatAddedDate } from './addedDate';
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
      'mfa.factor.webauthn',
      'mfa.factor.custom',
    ]);
    expect(rows.every((row) => !row.enabled && row.action.kind === 'setup')).toBe(true);
    expect(rows.find((r) => r.key === 'mfa.factor.sms')?.action).toEqual({ kind: 'setup', provider: 'OKTA', factorType: 'sms' });
  });

  it('lists each active security key by name, default Authenticator, then one Set up row', () => {
    const rows = mfaRows(example<FactorListResponse>('getFactors', 'full').factors);
    expect(names(rows)).toEqual([
      'mfa.factor.push',
      'mfa.factor.googleTotp',
      'mfa.factor.email',
      'mfa.factor.sms',
      'mfa.factor.call',
      'YubiKey 5 NFC',
      'mfa.defaultAuthenticator',
      'mfa.factor.webauthn',
      'mfa.factor.custom',
    ]);
    const keys = rows.filter((row) => row.key.startsWith('webauthn:'));
    expect(keys.map((row) => [row.enabled, row.action.kind])).toEqual([
      [true, 'remove'],
      [true, 'remove'],
      [false, 'setup'],
    ]);
    expect(rows.filter((row) => row.key !== 'webauthn:setup').every((row) => row.enabled && row.action.kind === 'remove')).toBe(true);
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
      ['mfa.factor.sms', '+85291234567'],
      ['mfa.factor.call', '+85221234567'],
    ]);
    const odd = [
      factor('sms', 'OKTA', 'NOT_SETUP', { profile: { phoneNumber: '+85291234567' } }),
      factor('call', 'OKTA', 'ACTIVE', { id: 'c1' }),
      factor('push', 'OKTA', 'ACTIVE', { id: 'p1', profile: { phoneNumber: '+85291234567' } }),
    ];
    expect(mfaRows(odd).map((row) => row.phone)).toEqual([undefined, undefined, undefined]);
  });

  it('is empty without factors', () => {
    expect(mfaRows([])).toEqual([]);
  });

  it('says when the method of each Remove row was added, and nothing for one to set up, unreadable or without the date', () => {
    const factors = [
      factor('sms', 'OKTA', 'ACTIVE', { id: 's1', created: '2025-03-10T06:45:12.000Z' }),
      factor('email', 'OKTA', 'NOT_SETUP', { created: '2025-03-10T06:45:12.000Z' }),
      factor('call', 'OKTA', 'ACTIVE', { id: 'c1' }),
      factor('token:hotp', 'CUSTOM', 'ACTIVE', { id: 'h1', created: 'last week' }),
      factor('webauthn', 'FIDO', 'ACTIVE', { id: 'w1', created: '2026-11-22T01:50:03.000Z' }),
    ];
    expect(mfaRows(factors).map((row) => [row.key, addedOf(row, factors)])).toEqual([
      ['mfa.factor.email', undefined],
      ['mfa.factor.sms', '2025-03-10T06:45:12.000Z'],
      ['mfa.factor.call', undefined],
      ['webauthn:w1', '2026-11-22T01:50:03.000Z'],
      ['webauthn:setup', undefined],
      ['mfa.factor.custom', undefined],
    ]);
  });
});

describe('formatAddedDate', () => {
  it.each([
    ['2025-03-10T06:45:12.000Z', 'en', 'UTC', '10 March 2025'],
    ['2025-03-10T20:45:12.000Z', 'en', 'Asia/Hong_Kong', '11 March 2025'],
    ['2025-03-10T06:45:12.000Z', 'zh-HK', 'Asia/Hong_Kong', '2025年3月10日'],
    ['2025-03-10T06:45:12.000Z', 'zh-CN', 'Asia/Hong_Kong', '2025年3月10日'],
  ] as const)('%s in %s (%s) reads %s', (iso, language, zone, expected) => {
    expect(formatAddedDate(iso, language, zone)).toBe(expected);
  });
});
