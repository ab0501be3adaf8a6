import { describe, expect, it } from 'vitest';
import type { LinkedIdentitiesResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { identityControl, identityRows } from './identityRows';

describe('identityRows', () => {
  it('labels the full persona’s identities and marks iAM Smart as one the person cannot unlink', () => {
    const rows = identityRows(example<LinkedIdentitiesResponse>('getLinkedIdentities', 'full').idps);
    expect(rows.map((r) => [r.label, r.provider, r.linked, identityControl(r)])).toEqual([
      ['identities.provider.smart', 'iamsmart', true, 'linked'],
      ['identities.provider.facebook', 'facebook', false, 'link'],
      ['identities.provider.linkedin', 'linkedin', true, 'unlink'],
      ['identities.provider.google', 'google', true, 'unlink'],
      ['identities.provider.apple', 'apple', false, 'link'],
    ]);
  });

  it('matches names ignoring case and leaves out unknown providers', () => {
    const rows = identityRows([
      { id: '1', name: 'GOOGLE' as never, linked: false },
      { id: '2', name: 'myspace' as never, linked: true },
    ]);
    expect(rows.map((r) => r.provider)).toEqual(['google']);
  });

  it('offers Link for an iAM Smart identity that is not linked yet', () => {
    expect(identityControl({ linked: false, canUnlink: false })).toBe('link');
  });
});
