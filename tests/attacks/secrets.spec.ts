import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { type Attack, attackTest, newPage, PORTAL, serveConfig, signedIn } from './attackTable';

/**
 * Attacks: secrets left in memory once a page or wizard is left.
 * The rows' table and shared helpers: attackTable.ts.
 */
/** The strings in the page's JavaScript heap after a full garbage collection (Chromium's own snapshot). */
async function heapStrings(page: Page, needles: string[]): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  let snapshot = '';
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => {
    snapshot += chunk;
  });
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  return needles.filter((needle) => snapshot.includes(needle));
}

const SECRETS: Attack[] = [
  {
    name: 'the enrollment secret and the code typed in a wizard: in memory while the wizard is open, gone once it is left',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25', '/profile/mfa/enroll/GOOGLE/token:software:totp');
      const SECRET = 'JBSWY3DPEHPK3PXP';
      const CODE = '918273';
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: 'Android' }).check();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('button', { name: "Can't scan?" }).click();
      await expect(page.getByTestId('secret-key')).toHaveText(SECRET);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Enter Code').fill(CODE);
      // While the wizard is open the secret is in memory: the check below can see it.
      expect(await heapStrings(page, [SECRET, CODE])).toEqual([SECRET, CODE]);
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Previous Login' }).click();
      await expect(page).toHaveURL('/profile/login');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await heapStrings(page, [SECRET, CODE])).toEqual([]);
    },
  },
  {
    name: 'the passwords typed on Change Password: gone from memory once the page is left',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25', '/profile/password');
      const CURRENT = 'Current-Secret-4711';
      const NEW = 'Brand-New-Pass-0815!';
      await page.getByLabel('Current password').fill(CURRENT);
      await page.getByLabel('New password', { exact: true }).fill(NEW);
      await page.getByLabel('Confirm new password').fill(NEW);
      expect(await heapStrings(page, [CURRENT, NEW])).toEqual([CURRENT, NEW]);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Password changed successfully.')).toBeVisible();
      await page.getByRole('link', { name: 'Go to my profile' }).click();
      await expect(page).toHaveURL('/profile/details');
      await page.goto('/profile/login');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await heapStrings(page, [CURRENT, NEW])).toEqual([]);
    },
  },
  {
    name: 'N4: an error whose message, stack and page address hold secrets of every shape the old scrubber let through: the report carries none of it',
    async run(browser) {
      const page = await newPage(browser);
      const reports: string[] = [];
      await serveConfig(page, (config) => ({ ...config, errorReportUrl: `${PORTAL}/error-report` }));
      await page.route('**/error-report', (route) => (reports.push(route.request().postData() ?? ''), route.fulfill({ status: 204 })));
      // A lowercase and a short base32 secret, a 5-digit code, a refresh token, credentials in an
      // address, a non-ASCII email, and JSON.parse quoting its input.
      const secrets = ['jbswy3dpehpk3pxp', 'MZXW6YQ', '48213', 'rt-6f1c2e', 'hunter2', '陳大文@例子.公司'];
      await page.goto(`/idp/instructions?code=48213&state=${secrets[0]}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate((values) => {
        const [lower, short, code, refresh, password, email] = values;
        setTimeout(() => {
          throw new Error(
            `enrol ${lower} / ${short}, code ${code}, {"refresh_token":"${refresh}"} https://smwong25:${password}@sso.example/ ${email}`,
          );
        });
        void Promise.reject(new SyntaxError(`Unexpected token 'x', "{"secret":"${lower}","refresh_token":"${refresh}"}" is not valid JSON`));
      }, secrets);
      await expect.poll(() => reports.length).toBe(2);
      for (const report of reports) {
        expect(Object.keys(JSON.parse(report) as object).sort()).toEqual([
          'at',
          'browser',
          'build',
          'errorClass',
          'frames',
          'kind',
          'language',
          'route',
        ]);
        expect(JSON.parse(report)).toMatchObject({ route: '/idp/instructions', language: 'en' });
        for (const secret of [...secrets, 'smwong25', 'sso.example', 'refresh_token']) expect(report).not.toContain(secret);
      }
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('secrets left in memory', () => SECRETS.forEach((attack) => test(attack.name, attackTest(attack))));
