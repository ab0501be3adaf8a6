import { expect, test } from './fixtures';

// The other failures (the API down, a 500 with errorMessage, a malformed body) need no real
// browser: src/shared/api/failures.test.tsx.
test.describe('failures show one clear message and leave the portal usable', () => {
  test('a response slower than 10 s: a visible pending state, then a clear error', async ({ page, signedIn }) => {
    // The page's clock, moved on by the test: the 10 s the fetcher waits pass at once.
    await page.clock.install();
    // A backend that never answers the history.
    await page.route('**/api/v1/user/log?*', () => undefined);
    await signedIn('taiman.chan', '/profile/login');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' }).first()).toBeVisible();
    await expect(page.getByText('The server took too long to answer. Please try again.')).toHaveCount(0);
    await page.clock.fastForward(10_000);
    await expect(page.getByText('The server took too long to answer. Please try again.').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
