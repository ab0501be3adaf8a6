import { expect, test } from '../e2e/fixtures';
import { type Attack, attackTest, expectSignedIn, expectStepUp, on, recordChanges, signedIn, signedInAtIdp, stepUpOn } from './attackTable';

/**
 * Attacks: who else can get in. A crafted address cannot choose the connected app that is
 * removed, nor put words in the question that asks; removing an app's access and signing out
 * the other devices never happen without a recent sign-in.
 * The rows' table and shared helpers: attackTable.ts.
 */

/** Words someone would like the question to say. */
const LURE = 'Call 3442 0000 now or lose your account';

const ACCESS: Attack[] = [
  {
    name: 'a crafted app id and name in the Connected apps address: nothing removed, no word of it shown, only the app the person chose is removed',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan');
      const changes = recordChanges(page);
      const crafted = new URLSearchParams({ clientId: '0oa8timetable', remove: '0oa8timetable', app: LURE, name: LURE, confirm: 'true' });
      await page.goto(`/profile/connected-apps?${crafted}`);
      await expect(page.getByRole('listitem', { name: 'Timetable Sync' })).toBeVisible();
      expect(changes).toEqual([]);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: 'Remove access for Canvas Student' }).click();
      const question = page.getByRole('dialog', { name: 'Remove access for Canvas Student?' });
      await expect(question).toContainText('Canvas Student will no longer be able to use your university account.');
      await expect(page.locator('body')).not.toContainText(LURE);
      await question.getByRole('button', { name: 'Cancel' }).click();
      expect(changes).toEqual([]);

      await page.getByRole('button', { name: 'Remove access for Outlook' }).click();
      await page.getByRole('dialog', { name: 'Remove access for Outlook?' }).getByRole('button', { name: 'Remove access' }).click();
      await expect(page.getByText('Access removed for Outlook.')).toBeVisible();
      expect(changes).toEqual(['DELETE /api/v1/user/clients/0oa7outlookmail']);
    },
  },
  {
    name: 'step-up on removing an app’s access: a sign-in with max_age=300, back on Connected apps, the app still listed, nothing sent again',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan', '/profile/connected-apps');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/clients\/[^/]+$/));
      await page.getByRole('button', { name: 'Remove access for Outlook' }).click();
      await expectStepUp(page, () => page.getByRole('dialog').getByRole('button', { name: 'Remove access' }).click(), '/profile/connected-apps');
      await expect(page.getByRole('listitem', { name: 'Outlook' })).toBeVisible();
      await expect(page.getByText('Access removed for Outlook.')).toHaveCount(0);
      expect(calls).toEqual(['DELETE /api/v1/user/clients/0oa7outlookmail']);
    },
  },
  {
    name: 'step-up on Sign out other devices: a sign-in with max_age=300, back on the profile, still signed in, nothing sent again',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'taiman.chan');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/sessions(\/others)?$/));
      await page.getByRole('button', { name: 'Sign out other devices' }).click();
      await expectStepUp(
        page,
        () => page.getByRole('dialog', { name: 'Sign out other devices?' }).getByRole('button', { name: 'Sign out other devices' }).click(),
        '/profile/details',
      );
      await expect(page.getByText('Your other devices and apps are signed out. This browser is still signed in.')).toHaveCount(0);
      await expectSignedIn(page);
      expect(calls).toEqual(['DELETE /api/v1/user/sessions/others']);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('who else can get in: connected apps and the other devices', () => ACCESS.forEach((attack) => test(attack.name, attackTest(attack))));
