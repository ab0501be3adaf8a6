import { expect, it } from 'vitest';
import { t, type FrameKey } from './t';

it("has a later page's English once that page's texts arrive, and not before", async () => {
  // Only ./t is loaded in this worker, as on the first page: the later pages' texts are not.
  expect(t('password.error.tooShort' as FrameKey, { n: 8 })).toBe('password.error.tooShort');
  const pageTexts = await import('./pageTexts');
  expect(pageTexts.t('password.error.tooShort', { n: 8 })).toBe('New password needs at least 8 characters.');
  expect(t('password.error.tooShort' as FrameKey, { n: 8 })).toBe('New password needs at least 8 characters.');
});
