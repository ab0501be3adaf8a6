import { describe, expect, it } from 'vitest';
import { t } from './t';

describe('t', () => {
  it('returns the catalogue text for a key', () => {
    expect(t('profile.nothingUpdated')).toBe('Nothing has been updated');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('identities.source.profile', { provider: 'Google' })).toBe("The name in this Google account's profile.");
    expect(t('identities.source.profile', {})).toBe("The name in this {provider} account's profile.");
  });
});
