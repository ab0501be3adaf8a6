import { expect, test } from './fixtures';
import { expectNoAxeViolations, IDP, signIn, watchConsole } from './support';

test('signs in through the identity provider, moves through the menu and logs out', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'taiman.chan');

  await expect(page).toHaveURL('/profile/details');
  const home = page.getByRole('link', { name: /Home: Tai Man Chan/ });
  await expect(home).toBeVisible();
  await expect(home).toContainText('Tai Man Chan');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('All rights reserved, City University, 2021')).toBeVisible();
  // Tokens live in session storage, never in local storage.
  const stored = await page.evaluate(() => ({ session: Object.keys(sessionStorage), local: Object.keys(localStorage) }));
  expect(
    stored.session.filter((k) => k.startsWith('oidc.user:')),
    JSON.stringify(stored),
  ).toHaveLength(1);
  expect(
    stored.local.filter((k) => k.startsWith('oidc.')),
    JSON.stringify(stored),
  ).toHaveLength(0);

  const menuButton = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Account menu' });
  // The spec's menu, in its order, among whatever pages the portal adds.
  const expectedItems = ['Profile', 'Change Password', 'Set up MFA', 'Set up Security Questions', 'Previous Login'];
  for (const label of expectedItems) {
    await menuButton.click();
    const items = nav.getByRole('link');
    await expect(items.first()).toBeVisible();
    expect((await items.allTextContents()).filter((text) => expectedItems.includes(text))).toEqual(expectedItems);
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(items.first()).toBeHidden();
    await menuButton.click();
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    // The menu closes on a click anywhere outside it.
    await page.mouse.click(5, 400);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  }
  await expect(page).toHaveURL('/profile/login');

  await page.getByRole('button', { name: 'Logout' }).click();
  // Signed out at the identity provider: the origin sends the visitor back to its sign-in page.
  await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
  await page.goto('/profile/details');
  await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
  expect(problems).toEqual([]);
});

test('the new-user persona has its own name and the shell passes axe at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const problems = watchConsole(page);
  await signIn(page, 'smwong25', '/profile/mfa');
  // Sign-in returns to the page the visitor asked for.
  await expect(page).toHaveURL('/profile/mfa');
  await expect(page.getByRole('link', { name: /Home: Siu Ming Wong/ })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test('a fresh load of the profile asks for each of its four answers once, and paints them', async ({ page, signedIn }) => {
  await signedIn('taiman.chan');
  await expect(page.getByRole('link', { name: /Home: Tai Man Chan/ })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(page.getByText('taiman.chan@example.edu.hk').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Social Identities & IAM SMART' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls.sort()).toEqual(['GET /api/v1/app/config/idp', 'GET /api/v1/user/factor', 'GET /api/v1/user/idps', 'GET /api/v1/user/profile']);
});

test('pages scroll to the top on a route change', async ({ page, signedIn }) => {
  await page.setViewportSize({ width: 375, height: 600 });
  await signedIn('taiman.chan', '/profile/login');
  await expect(page.getByTestId('login-log-list')).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  // Scroll down with the menu open, then choose an entry without scrolling back up first.
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.getByRole('link', { name: 'Change Password', exact: true }).dispatchEvent('click');
  await expect(page).toHaveURL('/profile/password');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a 401 mid-session sends the user through sign-in and back to the same page', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'taiman.chan', '/profile/password');
  await expect(page).toHaveURL('/profile/password');
  let refused = 0;
  await page.route('**/api/v1/user/profile', async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.fulfill({ status: 401, json: { errorMessage: 'Token expired' } });
  });
  const reauth = page.waitForRequest((r) => r.url().startsWith(`${IDP}/auth?`));
  await page.reload();
  await reauth;
  await expect(page).toHaveURL('/profile/password');
  await expect(page.getByRole('link', { name: /Home: Tai Man Chan/ })).toBeVisible();
  await expect(page.getByText('Token expired')).toHaveCount(0);
  expect(refused).toBe(1);
  // The browser logs the refused call itself; nothing else went wrong.
  expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
});

test('the production build is served with its security headers', async ({ page }) => {
  const response = await page.goto('/profile/details');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // Images from the portal, data URLs and the Okta organisation of config.json: no wider.
  expect(headers['content-security-policy']).toContain("img-src 'self' data: https://university.okta.example;");
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-content-type-options']).toBe('nosniff');
  // The scripts' precompressed copies are nginx's to serve: tests/stack/hosting.spec.ts.
});
