import { expect, test } from './fixtures';
import { IDP, signIn, watchConsole } from './support';

/**
 * Who else can get in: Sign out other devices keeps this tab signed in, the check before
 * travelling answers both ways, the connected apps and the grouped history. Removing an app and
 * finding it gone after a reload needs a mock that remembers: tests/stack/stateful-mock.spec.ts.
 */

test('after Sign out other devices, this tab stays signed in and still loads its pages', async ({ page }) => {
  const problems = watchConsole(page);
  // Signed in for real, so that a sign-out of this browser would show at the identity provider.
  await signIn(page, 'taiman.chan', '/profile/details');
  await expect(page).toHaveURL('/profile/details');
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/user/sessions'))
      calls.push(`${request.method()} ${url.pathname} ${request.headers().authorization ? 'bearer' : ''}`);
  });
  const overview = page.getByRole('region', { name: 'Security overview' });
  await overview.getByRole('button', { name: 'Sign out other devices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out other devices?' });
  await expect(dialog).toContainText('This browser stays signed in.');
  await dialog.getByRole('button', { name: 'Sign out other devices' }).click();
  await expect(page.getByText('Your other devices and apps are signed out. This browser is still signed in.')).toBeVisible();
  expect(calls).toEqual(['DELETE /api/v1/user/sessions/others bearer']);

  // Every page of the menu still loads, with its data, and a reload keeps the session.
  const menuPage = async (link: string, path: string, shows: () => Promise<void>) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Account menu' }).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(path);
    await shows();
  };
  await menuPage('Set up MFA', '/profile/mfa', () => expect(page.getByRole('cell', { name: 'SMS Authentication' })).toBeVisible());
  await menuPage('Previous Login', '/profile/login', () => expect(page.getByTestId('login-log-table')).toBeVisible());
  await menuPage('Connected apps', '/profile/connected-apps', () => expect(page.getByRole('heading', { level: 2, name: 'Outlook' })).toBeVisible());
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Outlook' })).toBeVisible();
  await page.goto('/profile/details');
  await expect(page.getByRole('region', { name: 'Personal information' })).toContainText('tm.chan@example.com');
  expect(page.url()).not.toContain(IDP);
  expect(calls).toEqual(['DELETE /api/v1/user/sessions/others bearer']);
  expect(await page.evaluate(() => Object.keys(sessionStorage).some((key) => key.startsWith('oidc.user:')))).toBe(true);
  expect(problems).toEqual([]);
});

test('the check before travelling: the new user is told to add a method and taken to its set-up; the full persona can go', async ({
  page,
  signedIn,
}) => {
  const problems = watchConsole(page);
  await signedIn('smwong25');
  const travel = page.getByRole('region', { name: 'Security overview' }).getByTestId('overview-travel');
  await expect(travel).toHaveText('To do: Before you travel, add a sign-in method that works without mobile signal. Set up Okta Verify');
  await travel.getByRole('link', { name: 'Set up Okta Verify' }).click();
  await expect(page).toHaveURL('/profile/mfa/enroll/OKTA/push');
  await expect(page.getByText('Use a push notification sent to the mobile app')).toBeVisible();

  await signedIn('taiman.chan');
  await expect(page.getByRole('region', { name: 'Security overview' }).getByTestId('overview-travel')).toHaveText(
    'Done: You can sign in without mobile signal.',
  );
  expect(problems).toEqual([]);
});

test("connected apps in words, none as a sentence, and Where you've signed in grouped from the history", async ({ page, signedIn }) => {
  const problems = watchConsole(page);
  await signedIn('taiman.chan', '/profile/connected-apps');
  const canvas = page.getByRole('listitem', { name: 'Canvas Student' });
  await expect(canvas).toContainText('Stay connected while you are not using it, until you remove its access');
  await expect(page.getByRole('listitem', { name: 'Timetable Sync' })).toContainText('One other permission the portal cannot put into words');
  await expect(page.getByRole('button', { name: /^Remove access for / })).toHaveCount(3);

  await page.goto('/profile/login');
  await page.getByRole('link', { name: "Where you've signed in" }).click();
  await expect(page).toHaveURL('/profile/login?view=places');
  const places = page.getByRole('region', { name: "Where you've signed in" });
  await expect(places.getByText(/^Grouped from your 20 most recent logins/)).toBeVisible();
  await places.getByRole('button', { name: 'Include older logins' }).click();
  await places.getByRole('button', { name: 'Include older logins' }).click();
  await expect(places.getByText(/^Grouped from /)).toHaveText('Grouped from all 45 logins in your history.');
  await places.getByRole('group').first().locator('summary').click();
  await places
    .getByRole('group')
    .first()
    .getByRole('link', { name: /^This wasn't me: / })
    .first()
    .click();
  await expect(page.getByRole('region', { name: 'The sign-in you did not recognise' })).toContainText('Firefox 146');

  await signedIn('smwong25', '/profile/connected-apps');
  await expect(page.getByText('No app has access to your account.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('list')).toHaveCount(0);
  expect(problems).toEqual([]);
});
