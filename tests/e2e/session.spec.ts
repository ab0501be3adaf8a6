import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { IDP, signIn } from './support';

/**
 * The dev identity provider registers the portal a second time with 65-second access tokens
 * (mock/idp.ts): the portal, pointed at that client by its config file, renews at once and
 * would warn 5 seconds in.
 */
async function useShortSessions(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), oidcClientId: 'account-portal-short-session' } });
  });
}

const isRefresh = (body: string | null) => new URLSearchParams(body ?? '').get('grant_type') === 'refresh_token';

test('renews a short-lived access token silently with the refresh token', async ({ page }) => {
  await useShortSessions(page);
  const bearers: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/') && bearers.push(r.headers().authorization ?? ''));
  const refreshed = page.waitForResponse((r) => r.url() === `${IDP}/token` && isRefresh(r.request().postData()) && r.ok());
  await signIn(page, 'taiman.chan', '/profile/details');
  await expect(page.getByRole('region', { name: 'Security overview' })).toBeVisible();
  const firstToken = bearers[0];
  expect(firstToken).toMatch(/^Bearer /);
  await refreshed;
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The renewed token is the one stored: the page loaded again calls with it, no sign-in.
  const next = page.waitForRequest((r) => r.url().includes('/api/v1/'));
  await page.reload();
  expect((await next).headers().authorization).toMatch(/^Bearer /);
  expect((await next).headers().authorization).not.toBe(firstToken);
  await expect(page).toHaveURL('/profile/details');
});

test('when renewal is refused, warns a minute ahead; Stay signed in renews and keeps the page', async ({ page }) => {
  await useShortSessions(page);
  let refuse = true;
  await page.route(`${IDP}/token`, async (route) => {
    if (refuse && isRefresh(route.request().postData())) {
      return route.fulfill({ status: 400, json: { error: 'invalid_grant', error_description: 'refused by the test' } });
    }
    return route.continue();
  });
  await signIn(page, 'smwong25', '/profile/password');
  await page.getByLabel('Current password').fill('typed before the warning');
  const warning = page.getByRole('dialog', { name: 'Your session is about to end' });
  await expect(warning).toBeVisible({ timeout: 15_000 });
  await expect(warning).toContainText('For your security, you will be signed out in less than a minute.');

  refuse = false;
  const renewed = page.waitForResponse((r) => r.url() === `${IDP}/token` && isRefresh(r.request().postData()) && r.ok());
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await renewed;
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL('/profile/password');
  await expect(page.getByLabel('Current password')).toHaveValue('typed before the warning');
});
