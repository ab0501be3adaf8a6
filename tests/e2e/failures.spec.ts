import type { Page } from '@playwright/test';
import { expect, test, type SignedIn } from './fixtures';

const PROFILE = '**/api/v1/user/profile';

async function openPasswordPage(page: Page, signedIn: SignedIn) {
  await signedIn('taiman.chan', '/profile/password');
  await expect(page.getByLabel('Current password')).toBeVisible();
}

/** After a failure the portal stays usable: the menu still leads to another page. */
async function expectUsable(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Previous Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Previous Login' })).toBeVisible();
}

test.describe('failures show one clear message and leave the portal usable', () => {
  test('the API is down', async ({ page, signedIn }) => {
    await openPasswordPage(page, signedIn);
    await page.route('**/api/v1/user/idps', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Cannot connect to server' })).toHaveCount(1);
    await expect(page.getByText('Your linked identities could not be loaded.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectUsable(page);
  });

  test('a 500 with errorMessage, chosen from the contract with Prefer: code=500', async ({ page, signedIn }) => {
    await openPasswordPage(page, signedIn);
    await page.route('**/api/v1/user/credential/password', (route) =>
      route.continue({ headers: { ...route.request().headers(), prefer: 'code=500' } }),
    );
    await page.getByLabel('Current password').fill('old-secret');
    await page.getByLabel('New password', { exact: true }).fill('Blue-Harbour-42');
    await page.getByLabel('Confirm new password').fill('Blue-Harbour-42');
    await page.getByRole('button', { name: 'Change password' }).dblclick();
    // The contract's ServerError example, shown once although the button was double-clicked.
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong on our side. Please try again later.' })).toHaveCount(1);
    await expect(page.getByText('Password changed successfully.')).toHaveCount(0);
    await expect(page).toHaveURL('/profile/password');
    await expectUsable(page);
  });

  test('a malformed JSON body', async ({ page, signedIn }) => {
    await page.route(PROFILE, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"firstName": "Tai' }));
    await signedIn('taiman.chan', '/profile/details');
    await expect(page.getByRole('alert').filter({ hasText: 'The server sent a response the portal could not read.' }).first()).toBeVisible();
    await expectUsable(page);
  });

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
