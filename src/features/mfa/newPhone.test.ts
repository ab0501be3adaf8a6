import { describe, expect, it } from 'vitest';
import type { Factor, FactorListResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { mfaRows } from './mfaRows';
import { idsKept, newPhoneProgress, phoneMethodIds, phoneMethods } from './newPhone';

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

describe('phoneMethodIds and idsKept', () => {
  it('keep the ids of the phone methods set up, and read back only a list of texts', () => {
    const ids = phoneMethodIds(mfaRows(full));
    expect(ids).toEqual(['opf1taimanpush', 'uft1taimangoogle', 'mbf1taimansms', 'clf1taimancall']);
    expect(idsKept(JSON.stringify(ids))).toEqual(ids);
    expect(idsKept(JSON.stringify([]))).toEqual([]);
  });

  it.each([null, '', '2026-11-29T03:00:00.000Z', '{"ids":[]}', '[1,2]', '["a",null]', '[', '"a"'])('read %j as no move under way', (stored) => {
    expect(idsKept(stored)).toBeUndefined();
  });
});

describe('newPhoneProgress', () => {
  const before = phoneMethodIds(mfaRows(full));
  const newSms: Factor = { id: 'sms2', factorType: 'sms', provider: 'OKTA', status: 'ACTIVE', created: '2026-11-29T03:10:00.000Z' };

  it('takes nothing for the new phone until a method is added after the move began', () => {
    const progress = newPhoneProgress(mfaRows(full), before);
    expect(progress.fresh).toEqual([]);
    expect(progress.old).toHaveLength(4);
  });

  it('takes a phone method added since then for the new phone, and keeps the rest as the old one’s', () => {
    const progress = newPhoneProgress(mfaRows([...full, newSms]), before);
    expect(keys(progress.fresh)).toEqual(['sms:sms2']);
    expect(keys(progress.old)).toEqual(['push:opf1taimanpush', 'googleTotp:uft1taimangoogle', 'sms:mbf1taimansms', 'call:clf1taimancall']);
  });

  it.each([
    ['a server clock behind the browser’s', '2020-01-01T00:00:00.000Z'],
    ['no date at all', undefined],
    ['a date that cannot be read', 'soon'],
  ])('compares no clocks: a method added since is the new phone’s with %s', (_, created) => {
    expect(keys(newPhoneProgress(mfaRows([...full, { ...newSms, created }]), before).fresh)).toEqual(['sms:sms2']);
  });

  it('never takes a method set up before the move, or one not set up, for the new phone', () => {
    const pending: Factor = { ...newSms, id: 'sms3', status: 'PENDING_ACTIVATION' };
    // Dated after the move began by a server clock ahead of the browser's: still the old phone's.
    const ahead = full.map((factor) => (factor.id === 'mbf1taimansms' ? { ...factor, created: '2099-01-01T00:00:00.000Z' } : factor));
    expect(newPhoneProgress(mfaRows([...ahead, pending]), before).fresh).toEqual([]);
  });
});
