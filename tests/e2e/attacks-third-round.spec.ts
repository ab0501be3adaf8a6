import { expect, test } from './fixtures';
import { type Attack, attackTest, expectSignedIn, isTokenCall, recordRequests, signedIn } from './attackTable';

/**
 * Attacks: the third review's findings, one row (or more) each, named by the finding.
 * The rows' table and shared helpers: attackTable.ts.
 */
const GUIDE_NAMED = 'The sign-in you did not recognise';

const THIRD_ROUND: Attack[] = [
  {
    name: '1: a "This wasn\'t me" link carrying a lure (a number to call, an address to visit, a look-alike place) shows the plain guide, naming no sign-in',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan');
      // Each passed the old checks of the address: short, no long number, no link, one script.
      for (const [place, lure] of [
        ['Call IT Security 3442 8888 now', '3442'],
        ['Visit cityu-secure.co/unlock', 'cityu-secure'],
        ['Yau Tsim M\u043eng', 'M\u043eng'],
      ] as const) {
        const crafted = new URLSearchParams({ time: '2026-11-22T01:42:17Z', browser: 'Firefox 146', place });
        await page.goto(`/profile/secure-account?${crafted}`);
        await expect(page.getByRole('heading', { level: 2, name: '1. Change your password' })).toBeVisible();
        await expect(page.getByRole('region', { name: GUIDE_NAMED })).toHaveCount(0);
        await expect(page.locator('main')).not.toContainText(lure);
        await expect(page.locator('main')).not.toContainText('Firefox 146');
      }
    },
  },
  {
    name: '2: a crafted callback whose state names the stored user (user:{authority}:{client id}, public in config.json): refused, nobody signed out, nothing redeemed',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const tokens = recordRequests(page, isTokenCall);
      const { oidcAuthority, oidcClientId } = (await (await page.request.get('/config.json')).json()) as Record<string, string>;
      await page.goto(`/auth/default/callback?code=x&state=user:${oidcAuthority}:${oidcClientId}`);
      await expect(page.getByRole('alert')).toContainText('this tab did not ask to sign in, so nothing was done');
      await expect(page).toHaveURL('/profile/details', { timeout: 5000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      expect(tokens).toEqual([]);
      await expectSignedIn(page);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('trust, third round', () => THIRD_ROUND.forEach((attack) => test(attack.name, attackTest(attack))));
