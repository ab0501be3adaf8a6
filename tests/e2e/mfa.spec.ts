import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, watchConsole } from './support';

/** Chooses the contract's named example for one call, as Prism's Prefer header allows. */
async function preferExample(page: Page, path: string, example: string) {
  await page.route(`**${path}`, (route) => route.continue({ headers: { ...route.request().headers(), prefer: `example=${example}` } }));
}

test('removes a factor as the full persona', async ({ page, signedIn }) => {
  const problems = watchConsole(page);
  await signedIn('taiman.chan', '/profile/mfa');
  await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('Office key');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Edit' }).click();
  // The removal's answer waits until the test lets it through.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  let removed = false;
  await page.route(/\/api\/v1\/user\/factor\/[^/]+$/, async (route) => {
    if (route.request().method() === 'DELETE') {
      removed = true;
      await held;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove SMS Authentication (Work mobile)?' });
  await expect(confirm).toContainText('You will no longer be able to sign in with SMS Authentication (Work mobile).');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => removed).toBe(true);
  // While it runs, Escape leaves the question on screen, a second one too (on which Chromium
  // closes a dialog by itself, however the first was answered).
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  answer();
  await expect(page.getByText('Reset factor successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  expect(problems).toEqual([]);
});

test('enrolls SMS as the new user', async ({ page, signedIn }) => {
  const problems = watchConsole(page);
  await signedIn('smwong25', '/profile/mfa/enroll/OKTA/sms');
  await page.getByRole('button', { name: 'Setup' }).click();
  // A UK mobile as people there type it, with its trunk 0: sent in E.164, without the 0.
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'United Kingdom (+44)' });
  await expect(page.getByText('+44', { exact: true })).toBeVisible();
  await page.getByLabel('Phone number').fill('07400 123456');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/factor/enroll/phone'));
  await page.getByRole('button', { name: 'Send Code' }).click();
  expect((await sent).postDataJSON()).toEqual({ factorType: 'sms', provider: 'OKTA', phoneNumber: '+447400123456' });
  await expect(page.getByRole('button', { name: 'Sent' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await page.getByLabel('Enter Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/profile/mfa');
  await expect(page.getByText('Activate sms successfully.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('enrolls an authenticator app as the new user', async ({ page, signedIn }) => {
  await signedIn('smwong25', '/profile/mfa');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Set up Google / Microsoft Authenticator' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Android' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('img', { name: /Barcode to scan/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: "Can't scan?" }).click();
  await expect(page.getByTestId('secret-key')).toHaveText('JBSWY3DPEHPK3PXP');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Enter Code').fill('123456');
  const activated = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/factor/uft1siumingoogle/activate'));
  await page.getByRole('button', { name: 'Verify' }).click();
  expect((await activated).postDataJSON()).toEqual({ passCode: '123456' });
  await expect(page).toHaveURL('/profile/mfa');
  await expect(page.getByText('Activate OKTA verify successfully.')).toBeVisible();
});

test("Okta Verify push from Okta's own published answers: the barcode from the Okta organisation's host, allowed by the CSP, polled to the end", async ({
  page,
  signedIn,
}) => {
  const problems = watchConsole(page);
  // The page's clock, moved on by the test: the 5 s between two polls pass at once.
  await page.clock.install();
  // The Okta organisation of the dev stack's config.json serves the barcode image.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const served: string[] = [];
  await page.route(
    'https://university.okta.example/**',
    (route) => (served.push(route.request().url()), route.fulfill({ contentType: 'image/png', body: png })),
  );
  await signedIn('smwong25', '/profile/mfa/enroll/OKTA/push');
  await preferExample(page, '/api/v1/user/factor/enroll', 'okta-push');
  let polls = 0;
  let answered = 0;
  await page.route('**/api/v1/user/factor/*/activate/poll', (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: `example=${(polls += 1) < 2 ? 'okta-waiting' : 'okta-active'}` } }),
  );
  page.on('requestfinished', (request) => void (request.url().endsWith('/activate/poll') && (answered += 1)));
  await page.getByRole('button', { name: 'Setup' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  const barcode = page.getByRole('img', { name: /Barcode to scan/ });
  await expect(barcode).toBeVisible();
  await expect.poll(() => barcode.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  expect(served).toEqual([
    'https://university.okta.example/api/v1/users/00u15s1KDETTQMQYABRL/factors/opfbtzzrjgwauUsxO0g4/qr/00Ji8qVBNJD4LmjYy1WZO2VbNqvvPdaCVua-1qjypa',
  ]);
  await page.getByRole('button', { name: "Can't scan?" }).click();
  await expect(page.getByText(/There is no key to type for this set-up/)).toBeVisible();
  // Back to the barcode: push enrols again, and waits for the phone once that is answered.
  await page.getByRole('button', { name: 'Scan barcode' }).click();
  await expect(page.getByText('Waiting for Okta Verify to confirm...')).toBeVisible();
  // Each poll asks again 5 s after the last answer: the clock moves on, only while no poll is on
  // its way (the page's 10 s timeout runs on this clock too), until the second has gone out
  // (never further, or the success toast's 6 s would pass), and it says active.
  await expect
    .poll(async () => {
      if (polls < 2 && answered === polls) await page.clock.fastForward(5_000);
      return polls;
    })
    .toBe(2);
  await expect(page).toHaveURL('/profile/mfa');
  expect(polls).toBe(2);
  await expect(page.getByText('Activate Okta verify successfully.')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the MFA list and a wizard fit a 375 px phone', async ({ page, signedIn }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signedIn('taiman.chan', '/profile/mfa');
  await expect(page.getByRole('region', { name: 'Passkeys' })).toContainText('Office key');
  // Every method's status shows whole: one cut short ("Enab…") is a text wider than its box.
  const statuses = page.getByRole('table').locator('tbody td:last-child');
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Enabled']));
  const cut = await statuses.evaluateAll((cells) =>
    cells
      .flatMap((cell) => [...cell.querySelectorAll('*')])
      .filter((element) => element.childElementCount === 0 && element.scrollWidth > element.clientWidth)
      .map((element) => element.textContent),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto('/profile/mfa/enroll/OKTA/call');
  await page.getByRole('button', { name: 'Setup' }).click();
  await expect(page.getByLabel('Extension')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectNoAxeViolations(page);
});
