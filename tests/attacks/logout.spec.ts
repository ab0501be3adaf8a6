import { expect, test } from '../e2e/fixtures';
import {
  AFTER_LOGOUT,
  type Attack,
  attackTest,
  attempt,
  expectSignedIn,
  guard,
  plantAttempt,
  recordRequests,
  sessionKeys,
  signedInAtIdp,
} from './attackTable';
import { IDP, watchConsole } from '../e2e/support';

/**
 * Attacks: logout races, and the other tabs a logout reaches.
 * The rows' table and shared helpers: attackTable.ts.
 */
const LOGOUT: Attack[] = [
  {
    name: 'a logout whose session delete is answered 401: the tokens were gone before the call, and no sign-in races the logout',
    async run(browser) {
      const page = await signedInAtIdp(browser, 'smwong25');
      let keysAtDelete: string[] | undefined;
      let bearer: string | undefined;
      await page.route('**/api/v1/user/sessions', async (route) => {
        bearer = route.request().headers().authorization;
        keysAtDelete = await page.evaluate(() => Object.keys(sessionStorage));
        await route.fulfill({ status: 401, json: { errorMessage: 'Token expired' } });
      });
      const idp = recordRequests(page, (request) => request.url().startsWith(IDP));
      await page.getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(new RegExp(`^${IDP}/`));
      await expect.poll(() => idp.some((url) => url.startsWith(`${IDP}/session/end`))).toBe(true);
      expect(bearer).toMatch(/^Bearer /);
      expect(keysAtDelete).toEqual(AFTER_LOGOUT);
      // Nothing asked the identity provider for a sign-in before the end-session call.
      const ended = idp.findIndex((url) => url.startsWith(`${IDP}/session/end`));
      expect(idp.slice(0, ended).filter((url) => url.startsWith(`${IDP}/auth?`))).toEqual([]);
    },
  },
  {
    name: 'a logout in one tab signs the other tab out: it shows the signed-out page and keeps nothing',
    async run(browser) {
      const first = await signedInAtIdp(browser, 'smwong25');
      const problems = watchConsole(first);
      const second = await first.context().newPage();
      guard(second);
      const secondProblems = watchConsole(second);
      // A new tab of the same browser signs in through the single sign-on session.
      await second.goto('/profile/details');
      await expect(second.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expectSignedIn(second);
      const secondCalls: string[] = [];
      second.on('request', (request) => request.url().includes('/api/v1/') && secondCalls.push(request.url()));
      await first.getByRole('button', { name: 'Logout' }).click();
      await expect(second.getByRole('heading', { level: 1, name: 'You have signed out' })).toBeVisible();
      await expect(second.getByText('You are signed out on every device and in every tab.')).toBeVisible();
      await expect(second).toHaveURL('/signed-out');
      expect(await sessionKeys(second)).toEqual(AFTER_LOGOUT);
      // The other tab asked the API for nothing more, and nothing went wrong in either tab.
      expect(secondCalls).toEqual([]);
      expect([...problems, ...secondProblems]).toEqual([]);
    },
  },
  {
    name: "logout leaves no key in session storage (tokens, the OpenID library's states, drafts) and no link state",
    async run(browser) {
      const page = await signedInAtIdp(browser, 'smwong25');
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('half typed');
      await plantAttempt(page, attempt(), { inThisTab: true });
      await page.route(`${IDP}/session/end**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>ended</title>' }));
      const revoked = page.waitForRequest((request) => request.url() === `${IDP}/token/revocation`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await revoked;
      await expect(page).toHaveTitle('ended');
      await page.goto('/robots.txt');
      expect(await sessionKeys(page)).toEqual(AFTER_LOGOUT);
      expect(await page.evaluate(() => localStorage.getItem('state'))).toBeNull();
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('logout races and other tabs', () => LOGOUT.forEach((attack) => test(attack.name, attackTest(attack))));
