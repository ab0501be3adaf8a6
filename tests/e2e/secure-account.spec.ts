import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, IDP, signIn, watchConsole } from './support';

test("This wasn't me: from a login to a new password, a removed method, checked details and a logout everywhere", async ({ page }) => {
  const problems = watchConsole(page);
  // Signed in for real: the logout at the end ends this browser's session at the identity provider.
  await signIn(page, 'taiman.chan', '/profile/login');
  await expect(page).toHaveURL('/profile/login');
  const table = page.getByTestId('login-log-table');
  await expect(table.getByRole('columnheader', { name: 'Not you?' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The first row of the full persona's history: Firefox 146, Yau Tsim Mong.
  const first = table.getByRole('row').nth(1);
  await expect(first).toContainText('Firefox 146');
  await first.getByRole('link', { name: /^This wasn't me: .+, Firefox 146, Yau Tsim Mong$/ }).click();
  // The login is handed over in the history entry, not the address.
  await expect(page).toHaveURL('/profile/secure-account');
  await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
  const named = page.getByRole('region', { name: 'The sign-in you did not recognise' });
  await expect(named).toContainText('Firefox 146');
  await expect(named).toContainText('Yau Tsim Mong');
  await expect(named).toContainText('22/11/2026');
  const step = (name: RegExp) => page.getByRole('listitem', { name });
  await expect(step(/Review your sign-in methods/).getByText('Added 22 November 2026')).toBeVisible();
  await expectNoAxeViolations(page);

  // Step 1: the password page, and back to the guide once the password is changed.
  await step(/Change your password/)
    .getByRole('link', { name: 'Change Password' })
    .click();
  await expect(page).toHaveURL('/profile/password?from=secure-account');
  await page.getByLabel('Current password').fill('Old-harbour-2025!');
  await page.getByLabel('New password', { exact: true }).fill('Violet-Ferry-42x!');
  await page.getByLabel('Confirm new password').fill('Violet-Ferry-42x!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully.')).toBeVisible();
  await expect(page).toHaveURL('/profile/secure-account');
  await expect(step(/Change your password/).getByText('Done in this visit')).toBeVisible();
  await expect(named).toContainText('Yau Tsim Mong');

  // Step 2: a method removed, after the portal's own question.
  const methods = step(/Review your sign-in methods/);
  await expect(methods.getByText('Not done yet')).toBeVisible();
  // A passkey by the name the MFA page gives it, removed through its own call.
  const removed = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith('/api/v1/user/passkeys/fwf2taimanplatform'));
  await methods.getByRole('button', { name: 'Remove Google Password Manager' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Google Password Manager?' });
  await expect(confirm).toContainText('You will no longer be able to sign in with Google Password Manager.');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await removed;
  await expect(methods.getByText('Removed in this visit: Google Password Manager')).toBeVisible();
  await expect(methods.getByText('Done in this visit')).toBeVisible();

  // Step 3: the recovery email is confirmed here, the question checked on its page.
  const details = step(/Check your recovery email and security question/);
  await details.getByRole('button', { name: 'This email is mine' }).click();
  await details.getByRole('link', { name: 'Check your security question' }).click();
  await expect(page).toHaveURL('/profile/question');
  await page.goBack();
  await expect(page).toHaveURL('/profile/secure-account');
  await expect(step(/^3\. /).getByText('Done in this visit')).toHaveCount(3);
  // What was done, and the login, survive a reload of the tab.
  await page.reload();
  await expect(step(/Change your password/).getByText('Done in this visit')).toBeVisible();
  await expect(named).toContainText('Yau Tsim Mong');
  await expect(step(/Review your sign-in methods/).getByText('Removed in this visit: Google Password Manager')).toBeVisible();

  // Step 4: the other devices signed out, this tab still signed in; then the portal's logout, which ends every session.
  const signOut = step(/^4\. Sign out$/);
  const others = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith('/api/v1/user/sessions/others'));
  await signOut.getByRole('button', { name: 'Sign out other devices' }).click();
  await page.getByRole('dialog', { name: 'Sign out other devices?' }).getByRole('button', { name: 'Sign out other devices' }).click();
  await others;
  await expect(page.getByText('Your other devices and apps are signed out. This browser is still signed in.')).toBeVisible();
  await expect(signOut.getByText('Done in this visit')).toBeVisible();
  await expect(signOut).toContainText('Signs you out on every device and in every tab.');
  const ended = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith('/api/v1/user/sessions'));
  await signOut.getByRole('button', { name: 'Sign out everywhere' }).click();
  await ended;
  await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
  await page.goto('/profile/secure-account');
  await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
  expect(problems).toEqual([]);
});

test('Previous Login downloads every login as CSV, and the guide fits a phone', async ({ page, signedIn }) => {
  const problems = watchConsole(page);
  await signedIn('taiman.chan', '/profile/login');
  await expect(page.getByTestId('login-log-table')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^login-history-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('"Login time","Browser","OS","IP address","District","Application"');
  // All three pages of the full persona's history, not only the one on screen.
  expect(lines.filter(Boolean)).toHaveLength(1 + 45);
  expect(lines[1]).toMatch(
    /^"2026-11-22T\d{2}:\d{2}:17[+-]\d{2}:\d{2}","Firefox 146","Windows 11","203\.0\.113\.201","Yau Tsim Mong","Account Portal"$/,
  );
  await expect(page.getByText('Downloaded 45 logins.')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId('login-log-list')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  await page
    .getByTestId('login-log-list')
    .getByRole('link', { name: /^This wasn't me/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove SMS Authentication' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
