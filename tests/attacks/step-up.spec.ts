import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import {
  type Attack,
  attackTest,
  expectStepUp,
  isIdpAuthorize,
  on,
  recordRequests,
  signedIn,
  signedInAtIdp,
  stepUpOn,
  VOUCH_IAMSMART,
} from './attackTable';
import { IDP, signInOnIdp } from '../e2e/support';

/**
 * Attacks: step-up challenges on every sensitive operation.
 * The rows' table and shared helpers: attackTable.ts.
 */

/** The recovery email's save answered 401 with `challenge` (a step-up the mock's own examples do not ask for). */
const challengeRecoveryEmailSave = (page: Page, challenge: string) =>
  page.route('**/api/v1/user/profile', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 401, headers: { 'WWW-Authenticate': challenge }, json: { errorMessage: 'Sign in again' } })
      : route.continue(),
  );

const STEP_UP: Attack[] = [
  {
    name: 'step-up on removing a factor: a sign-in with max_age=300, back on the MFA page, the factor still there',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan', '/profile/mfa');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/factor\/[^/]+$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' }).click();
      await expectStepUp(page, () => page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click(), '/profile/mfa');
      await expect(page.getByRole('row', { name: /^SMS Authentication/ })).toBeVisible();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on enrolling SMS: back in the wizard with the number typed, nothing enrolled',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'smwong25', '/profile/mfa/enroll/OKTA/sms');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/factor\/enroll\/phone$/));
      await page.getByRole('button', { name: 'Setup' }).click();
      await page.getByRole('combobox', { name: 'Country' }).selectOption('HK');
      await page.getByLabel('Phone number').fill('91234567');
      await expectStepUp(page, () => page.getByRole('button', { name: 'Send Code' }).click(), '/profile/mfa/enroll/OKTA/sms');
      await expect(page.getByLabel('Phone number')).toHaveValue('91234567');
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on linking an identity: the sign-in carries the same attempt (fresh login), back to the confirmation, nothing linked',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'smwong25');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/idps\//));
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      await signInOnIdp(page, 'smwong25');
      await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
      await page.getByRole('checkbox', { name: VOUCH_IAMSMART }).check();
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      await signInOnIdp(page, 'smwong25');
      await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
      // Back from the step-up, the deliberate second step is asked for again.
      await expect(page.getByRole('checkbox', { name: VOUCH_IAMSMART })).not.toBeChecked();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on unlinking an identity: back on the profile, still linked',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/idps\//));
      await page.getByRole('button', { name: 'Unlink Google' }).click();
      await expectStepUp(page, () => page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click(), '/profile/details');
      await expect(page.getByRole('button', { name: 'Unlink Google' })).toBeVisible();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on changing the recovery email: back with what was typed, nothing saved',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/profile$/), 2);
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('stepped-up@example.org');
      await expectStepUp(page, () => page.getByRole('button', { name: 'Save' }).click(), '/profile/details');
      await expect(page.getByRole('textbox', { name: 'Recovery email' })).toHaveValue('stepped-up@example.org');
      expect(calls).toHaveLength(1);
      // Asked again right after signing in again, the portal shows the server's words instead of looping.
      const more = recordRequests(page, (request) => request.url().startsWith(`${IDP}/auth?`));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('For your security, please sign in again to make this change.')).toBeVisible();
      expect(calls).toHaveLength(2);
      expect(more).toEqual([]);
    },
  },
  {
    name: 'step-up on setting the security question: back on the page with the question chosen, the answer kept nowhere',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'smwong25', '/profile/question');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/factor\/enroll$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('combobox', { name: 'Question' }).selectOption({ label: 'What was the first computer game you played?' });
      await page.getByLabel('Answer').fill('bitter melon');
      await expectStepUp(page, () => page.getByRole('button', { name: 'Save' }).click(), '/profile/question');
      await expect(page.getByRole('combobox', { name: 'Question' }).locator('option:checked')).toHaveText(
        'What was the first computer game you played?',
      );
      await expect(page.getByLabel('Answer')).toHaveValue('');
      expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage, ...localStorage })))).not.toContain('bitter melon');
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on deleting the security question: back on the page, the question still set',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan', '/profile/question');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/factor\/[^/]+$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await expectStepUp(
        page,
        () => page.getByRole('dialog', { name: 'Delete your security question?' }).getByRole('button', { name: 'Delete' }).click(),
        '/profile/question',
      );
      // Back where they were: the question still set, Delete one click away.
      await expect(page.getByRole('combobox', { name: 'Question' }).locator('option:checked')).toHaveText(
        'What is the food you least liked as a child?',
      );
      await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'a step-up asking for max_age=0: the identity provider shows its login form, and the typed email comes back',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan');
      await challengeRecoveryEmailSave(page, 'Bearer error="insufficient_user_authentication", max_age=0');
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('fresh@example.org');
      await page.getByRole('button', { name: 'Save' }).click();
      await signInOnIdp(page, 'taiman.chan');
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByRole('textbox', { name: 'Recovery email' })).toHaveValue('fresh@example.org');
    },
  },
  {
    name: 'N8: a step-up asking for a stronger authentication (acr_values, in a header with another challenge first) is passed on to the identity provider',
    async run(browser) {
      // Only the address the step-up leaves for is read: the worker's one sign-in will do.
      const page = await signedIn(browser, 'taiman.chan');
      await challengeRecoveryEmailSave(
        page,
        'DPoP algs="ES256", Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR"',
      );
      const authorize = page.waitForRequest(isIdpAuthorize);
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('stronger@example.org');
      await page.getByRole('button', { name: 'Save' }).click();
      expect(new URL((await authorize).url()).searchParams.get('acr_values')).toBe('myACR');
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('step-up challenges on every sensitive operation', () => STEP_UP.forEach((attack) => test(attack.name, attackTest(attack))));
