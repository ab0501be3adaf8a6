import { expect, test } from './fixtures';
import { expectNoAxeViolations, watchConsole } from './support';

test.describe('Change Password', () => {
  test('an invalid attempt shows every message; a valid one succeeds and lands on /', async ({ page, signedIn }) => {
    const problems = watchConsole(page);
    await signedIn('smwong25', '/profile/password');
    await expect(page).toHaveURL('/profile/password');
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('Current password').fill('old-secret');
    await page.getByLabel('New password', { exact: true }).fill('wong');
    await page.getByLabel('Confirm new password').fill('wong!');
    await page.getByRole('button', { name: 'Change password' }).click();
    for (const message of [
      'New password needs at least 8 characters.',
      'New password needs at least one uppercase letter.',
      'New password needs at least one number.',
      'New password needs at least one symbol.',
      'New password cannot contain parts of your last name.',
      "New password and Confirm New Password don't match.",
      'Confirm new password is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Current password')).toHaveValue('');

    const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/credential/password') && r.method() === 'POST');
    await page.getByLabel('Current password').fill('old-secret');
    await page.getByLabel('New password', { exact: true }).fill('Blue-Harbour-42');
    await page.getByLabel('Confirm new password').fill('Blue-Harbour-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect((await posted).postDataJSON()).toEqual({ password: 'old-secret', newPassword: 'Blue-Harbour-42', confirmPassword: 'Blue-Harbour-42' });
    await expect(page.getByText('Password changed successfully.')).toBeVisible();
    // The page offers to sign out the browsers and apps signed in before; then '/' sends a signed-in user on to the profile.
    await expect(
      page.getByRole('region', { name: 'Your password is changed' }).getByRole('button', { name: 'Sign out other devices' }),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Go to my profile' }).click();
    await expect(page).toHaveURL('/profile/details');
    expect(page.url()).not.toContain('Harbour');
    expect(problems).toEqual([]);
  });
});

test.describe('Profile', () => {
  test('edits the recovery email and unlinks an identity after confirmation', async ({ page, signedIn }) => {
    const problems = watchConsole(page);
    await signedIn('taiman.chan');
    await expect(page).toHaveURL('/profile/details');
    await expect(page.getByRole('region', { name: 'Personal information' }).getByText('tm.chan@example.com')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit recovery email' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Nothing has been updated')).toBeVisible();

    await page.getByRole('button', { name: 'Edit recovery email' }).click();
    await page.getByRole('textbox', { name: 'Recovery email' }).fill('taiman@example.org');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/profile') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await posted).postDataJSON()).toEqual({ secondaryEmail: 'taiman@example.org' });
    await expect(page.getByText('Update success')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close' }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    const box = page.getByRole('region', { name: 'Social Identities & IAM SMART' });
    await expect(box.getByText('Linked', { exact: true })).toBeVisible();
    await box.getByRole('button', { name: 'Unlink Google' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to unlink this social identity?');
    await expectNoAxeViolations(page);
    const deleted = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/idps/0oa4google') && r.method() === 'DELETE');
    await dialog.getByRole('button', { name: 'Unlink' }).click();
    await deleted;
    await expect(page.getByText('Unlink successfully')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test.describe('Security question', () => {
  test('sets a question as the new user', async ({ page, signedIn }) => {
    await signedIn('smwong25', '/profile/question');
    await expect(page.getByText('You have not setup the security question.')).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('combobox', { name: 'Question' }).locator('option:checked')).toHaveText(
      'What is the food you least liked as a child?',
    );
    await expectNoAxeViolations(page);
    await page.getByLabel('Answer').fill('bitter melon');
    const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/factor/enroll') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await posted).postDataJSON()).toEqual({ factorType: 'question', provider: 'OKTA', question: 'disliked_food', answer: 'bitter melon' });
    await expect(page.getByText('Enroll factor successfully')).toBeVisible();
  });

  test('deletes the question as the full persona', async ({ page, signedIn }) => {
    await signedIn('taiman.chan', '/profile/question');
    await expect(page.getByTestId('current-question')).toHaveText('What is the food you least liked as a child?');
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('combobox', { name: 'Question' })).toBeDisabled();
    const deleted = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/factor/ufs1taimanquestion') && r.method() === 'DELETE');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete your security question?' }).getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await expect(page.getByText('Reset factor successfully')).toBeVisible();
  });
});

test.describe('Previous Login', () => {
  test("scrolls the full persona's history through all three pages", async ({ page, signedIn }) => {
    const problems = watchConsole(page);
    await signedIn('taiman.chan', '/profile/login');
    const table = page.getByTestId('login-log-table');
    await expect(table).toHaveAttribute('aria-rowcount', '21');
    await expectNoAxeViolations(page);
    for (const rowcount of ['41', '46']) {
      await page.mouse.wheel(0, 20_000);
      await expect(table).toHaveAttribute('aria-rowcount', rowcount);
    }
    await expect(page.getByText(/You have reached the end of your login history\. 45 logins shown/)).toBeVisible();
    // Only the rows in view are in the DOM.
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(45);
    expect(problems).toEqual([]);
  });

  test('keeps only the visible rows in the DOM with 10,000 logins, and scrolls through them', async ({ page, signedIn }) => {
    const logs = Array.from({ length: 10_000 }, (_, i) => ({
      time: new Date(Date.UTC(2026, 10, 21, 12) - i * 3_600_000).toISOString(),
      browser: 'Chrome 142',
      os: 'Windows 11',
      ip: `203.0.113.${i % 250}`,
      district: 'Kowloon Tong',
      application: `Login ${i + 1}`,
    }));
    // A backend with a very long history, answered in the contract's shape.
    await page.route('**/api/v1/user/log?*', (route) => route.fulfill({ json: { logs, afterToken: null } }));
    await signedIn('taiman.chan', '/profile/login');
    const table = page.getByTestId('login-log-table');
    await expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(80);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(table.getByText('Login 10000', { exact: true })).toBeVisible();
    expect(await table.locator('tbody tr[data-index]').count()).toBeLessThan(80);
  });

  test('becomes a readable list on a 375 px phone', async ({ page, signedIn }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedIn('smwong25', '/profile/login');
    const list = page.getByTestId('login-log-list');
    await expect(list.getByRole('listitem').first()).toContainText('Login time');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
  });
});
