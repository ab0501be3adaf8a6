import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import type { ProfileResponse } from '../../../generated/model';
import { isRecoveryEmailChanged, recoveryEmailOf, toProfile } from './profile';

describe('toProfile', () => {
  it('drops the user field a backend adds', () => {
    const full = example<ProfileResponse>('getProfile', 'full');
    expect(full).toHaveProperty('user');
    const profile = toProfile(full);
    expect(profile).not.toHaveProperty('user');
    expect(profile).toEqual({
      electronicId: 'taiman.chan',
      firstName: 'Tai Man',
      lastName: 'Chan',
      displayName: 'CHAN Tai Man',
      primaryEmail: 'taiman.chan@example.edu.hk',
      secondaryEmail: 'tm.chan@example.com',
      department: 'Senior Lecturer',
    });
  });
});

describe('recovery email', () => {
  it.each<[string | null, string, boolean]>([
    [null, '', false],
    [null, 'a@b.c', true],
    ['a@b.c', 'a@b.c', false],
    ['a@b.c', 'A@b.c', true],
    ['a@b.c', '', true],
    ['a@b.c', 'a@b.c ', true],
  ])('stored %j, typed %j: changed is %s', (stored, typed, changed) => {
    expect(isRecoveryEmailChanged({ secondaryEmail: stored }, typed)).toBe(changed);
  });

  it('starts editing from an empty field when none is stored', () => {
    expect(recoveryEmailOf({ secondaryEmail: null })).toBe('');
  });
});
