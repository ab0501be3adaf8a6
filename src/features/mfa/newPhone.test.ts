import { describe, expect, it } from 'vitest';
import type { Factor, FactorListResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { mfaRows } from './mfaRows';
import { newPhoneProgress, phoneMethods } from './newPhone';

const full = example<FactorListResponse>('getFactors', 'full').factors;
const keys = (rows: { key: string }[]) => rows.map((row) => row.key);

describe('phoneMethods', () => {
  it('are Okta Verify, the authenticator app, SMS and voice call set up: not email, passkeys or the university authenticator', () => {
    expect(keys(phoneMethods(mfaRows(full)))).toEqual([
      'push:opf1taimanpush',
      'googleTotp:uft1taimangoogle',
      'sms:mbf1taimansms',
      'call:clf1taimancall',
    ]);
  });

  it('are none for the new user', () => {
    expect(phoneMethods(mfaRows(example<FactorListResponse>('getFactors', 'new-user').factors))).toEqual([]);
  });
});

describe('newPhoneProgress', () => {
  const newSms: Factor = { id: 'sms2', factorType: 'sms', provider: 'OKTA', status: 'ACTIVE', created: '2026-11-29T03:10:00.000Z' };

  it('takes nothing for the new phone until a method is added after the move began', () => {
    const progress = newPhoneProgress(mfaRows(full), '2026-11-29T03:00:00.000Z');
    expect(progress.fresh).toEqual([]);
    expect(progress.old).toHaveLength(4);
  });

  it('takes a phone method added since then for the new phone, and keeps the rest as the old one’s', () => {
    const progress = newPhoneProgress(mfaRows([...full, newSms]), '2026-11-29T03:00:00.000Z');
    expect(keys(progress.fresh)).toEqual(['sms:sms2']);
    expect(keys(progress.old)).toEqual(['push:opf1taimanpush', 'googleTotp:uft1taimangoogle', 'sms:mbf1taimansms', 'call:clf1taimancall']);
  });

  it('never takes a method without a readable date, or a pending one, for the new phone', () => {
    const undated: Factor = { id: 'c2', factorType: 'call', provider: 'OKTA', status: 'ACTIVE' };
    const pending: Factor = { ...newSms, id: 'sms3', status: 'PENDING_ACTIVATION' };
    const progress = newPhoneProgress(mfaRows([undated, pending, { ...newSms, created: 'soon' }]), '2026-11-29T03:00:00.000Z');
    expect(progress.fresh).toEqual([]);
    expect(newPhoneProgress(mfaRows([newSms]), 'whenever').fresh).toEqual([]);
  });
});
