import { expect, test } from '../e2e/fixtures';
import { signIn, watchConsole } from '../e2e/support';
import { rememberingMockOnDemand } from '../support/rememberingMock';

// `npm start`'s mock API remembers (mock/api.ts without --stateless). The stack of the other
// end-to-end tests answers from the contract's examples; here the page's /api calls go to a
// remembering mock of their own (the persona follows the token's subject, as behind the dev server).
const mock = rememberingMockOnDemand();
// Every test here needs it: started before the first, outside its time.
test.beforeAll(async () => void (await mock.get()));
test.afterAll(() => mock.stop());

test('after enrolling SMS, smwong25 finds the new factor in the list', async ({ page }) => {
  const problems = watchConsole(page);
  await (await mock.get()).route(page);
  await signIn(page, 'smwong25', '/profile/mfa');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Set up SMS Authentication' })).toBeVisible();

  await page.goto('/profile/mfa/enroll/OKTA/sms');
  await page.getByRole('button', { name: 'Setup' }).click();
  // A number Australia's regulator keeps for fiction (0491 570 006): it reaches nobody.
  await page.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Australia (+61)' });
  await page.getByLabel('Phone number').fill('0491 570 006');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Enter Code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/profile/mfa');
  await expect(page.getByText('Activate sms successfully.')).toBeVisible();

  // Listed, and still there after a reload: the mock remembered it.
  await page.reload();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByRole('button', { name: 'Remove SMS Authentication' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set up SMS Authentication' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('after removing an app’s access, taiman.chan no longer finds it, also after a reload', async ({ page }) => {
  const problems = watchConsole(page);
  await (await mock.get()).route(page);
  await signIn(page, 'taiman.chan', '/profile/connected-apps');
  await page.getByRole('button', { name: 'Remove access for Outlook' }).click();
  await page.getByRole('dialog', { name: 'Remove access for Outlook?' }).getByRole('button', { name: 'Remove access' }).click();
  await expect(page.getByText('Access removed for Outlook.')).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Outlook' })).toHaveCount(0);

  // Gone for good: the mock remembered it.
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Canvas Student' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Timetable Sync' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Outlook' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
