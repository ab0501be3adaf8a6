import { expect, test } from './fixtures';
import { DEV_PASSWORD, IDP, signIn, watchConsole } from './support';

test('links iAM Smart through the whole round trip: authorize, callback, a fresh sign-in with the provider scope, the person confirms, link', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signIn(page, 'smwong25');
  await expect(page).toHaveURL('/profile/details');

  const linkCalls: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/v1/user/idps/') && linkCalls.push(r.url()));
  const authorize = page.waitForRequest((r) => r.url().includes('/api/v1/auth/iamsmart/authorize'));
  const tokenized = page.waitForRequest((r) => r.url().endsWith('/api/v1/_/iamsmart/tokenized-id'));
  const providerScope = page.waitForRequest(
    (r) => r.url().startsWith(`${IDP}/auth?`) && new URL(r.url()).searchParams.get('scope') === 'openid iamsmart',
  );
  await page.getByRole('button', { name: 'Link iAM Smart' }).click();

  expect(new URL((await authorize).url()).searchParams.has('state')).toBe(false);
  const exchange = await tokenized;
  expect(exchange.postDataJSON()).toEqual({ code: 'mock-iamsmart-code', idp: 'iamsmart', state: '' });
  // The person is signed in: the exchange carries their bearer (spec section 6).
  expect(exchange.headers().authorization).toMatch(/^Bearer /);
  // The sign-in that carries the link asks for a fresh authentication: the live single sign-on
  // session alone does not complete it, the identity provider shows its login form again.
  const fresh = new URL((await providerScope).url()).searchParams;
  expect([fresh.get('prompt'), fresh.get('max_age')]).toEqual(['login', '0']);
  await expect(page.getByRole('heading', { name: 'University sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill('smwong25');
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back on /profile: both accounts are named and nothing is linked until the person says so.
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
  await expect(page.getByTestId('link-university-account')).toHaveText('WONG Siu Ming (smwong25)');
  // The tokenized id names nobody: the page says so, and Link waits for a deliberate second step.
  await expect(page.getByTestId('link-external-account')).toHaveText('Cannot be shown');
  await expect(page.getByRole('button', { name: 'Link', exact: true })).toBeDisabled();
  expect(linkCalls).toEqual([]);

  const linked = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/idps/0oa1smart') && r.method() === 'POST');
  await page.getByRole('checkbox', { name: 'I started this link myself, just now, and signed in to iAM Smart with my own account' }).check();
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  expect((await linked).postDataJSON()).toEqual({ externalId: 'ext-iamsmart-5566778899' });

  await expect(page).toHaveURL('/idp/link/iamsmart/success');
  await expect(page.getByText('Link up Success - Now you can log on with iAM Smart, you will be redirected to the log on page')).toBeVisible();
  expect(await page.evaluate(() => atob(localStorage.getItem('state') ?? ''))).toBe('{"mode":"normal"}');
  // After 2 s the central sign-out page.
  await expect(page).toHaveURL(new RegExp(`^${IDP}/session/end`), { timeout: 5000 });
  expect(problems).toEqual([]);
});

test('a Google callback whose state this browser did not send links nothing', async ({ page }) => {
  await page.goto(`/auth/google/callback?code=stolen&state=${'x'.repeat(32)}`);
  await expect(page.getByRole('alert')).toHaveText('This sign-in response does not match the request made from this browser, so nothing was linked.');
});
