import { describe, expect, it } from 'vitest';
import { t } from './t';

describe('t', () => {
  it('returns the catalogue text for a key', () => {
    expect(t('profile.nothingUpdated')).toBe('Nothing has been updated');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('password.error.tooShort', { n: 8 })).toBe('New password needs at least 8 characters.');
    expect(t('password.error.tooShort', {})).toBe('New password needs at least {n} characters.');
  });
});
