import { expect, test } from './fixtures';
import { IDP, signIn, watchConsole } from './support';

test('links iAM Smart through the whole round trip: authorize, callback, sign-in with the provider scope, link', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'smwong25');
  await expect(page).toHaveURL('/profile/details');

  const authorize = page.waitForRequest((r) => r.url().includes('/api/v1/auth/iamsmart/authorize'));
  const tokenized = page.waitForRequest((r) => r.url().endsWith('/api/v1/_/iamsmart/tokenized-id'));
  const providerScope = page.waitForRequest((r) => r.url().startsWith(`${IDP}/auth?`) && new URL(r.url()).searchParams.get('scope') === 'openid iamsmart');
  const linked = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/idps/0oa1smart') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Link iAM Smart' }).click();

  expect(new URL((await authorize).url()).searchParams.has('state')).toBe(false);
  expect((await tokenized).postDataJSON()).toEqual({ code: 'mock-iamsmart-code', idp: 'iamsmart', state: '' });
  await providerScope;
  expect((await linked).postDataJSON()).toEqual({ externalId: 'ext-iamsmart-5566778899' });

  await expect(page).toHaveURL('/idp/link/iamsmart/success');
  await expect(
    page.getByText('Link up Success - Now you can log on with iAM Smart, you will be redirected to the log on page'),
  ).toBeVisible();
  expect(await page.evaluate(() => atob(localStorage.getItem('state') ?? ''))).toBe('{"mode":"normal"}');
  // After 2 s the central sign-out page.
  await expect(page).toHaveURL(new RegExp(`^${IDP}/session/end`), { timeout: 5000 });
  expect(problems).toEqual([]);
});

test('a Google callback whose state this browser did not send links nothing', async ({ page }) => {
  await page.goto(`/auth/google/callback?code=stolen&state=${'x'.repeat(32)}`);
  await expect(page.getByRole('alert')).toHaveText(
    'This sign-in response does not match the request made from this browser, so nothing was linked.',
  );
});
