import { expect, test } from '../e2e/fixtures';
import {
  type Attack,
  attackTest,
  expectNoLinkPending,
  expectSignedIn,
  expectBackFindsNoCode,
  guard,
  isCodeExchange,
  isTokenCall,
  linkState,
  newPage,
  PORTAL,
  recordRequests,
  signedIn,
  startProfileLink,
} from './attackTable';
import { signIn } from '../e2e/support';

/**
 * Attacks: forged provider callbacks, and replayed or crafted sign-in callbacks.
 * The rows' table and shared helpers: attackTable.ts.
 */
const FORGED: Attack[] = [
  {
    name: 'a forged iAM Smart callback with no link pending: "Unknown action", no code exchanged',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const exchanges = recordRequests(page, isCodeExchange);
      await page.goto('/auth/iamsmart/callback?code=forged');
      await expect(page.getByRole('alert')).toHaveText('Unknown action');
      expect(exchanges).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
  {
    name: "a forged iAM Smart callback while another tab's link is pending: refused, no code exchanged, the other tab's attempt untouched",
    async run(browser) {
      const other = await signedIn(browser, 'smwong25');
      await startProfileLink(other, 'iAM Smart', 'iamsmart');
      const page = await other.context().newPage();
      guard(page);
      const exchanges = recordRequests(page, isCodeExchange);
      await page.goto('/auth/iamsmart/callback?code=forged');
      await expect(page.getByRole('alert')).toHaveText('Unknown action');
      expect(exchanges).toEqual([]);
      expect(await linkState(other)).toMatchObject({ mode: 'startLinkIdp', phase: 'provider' });
    },
  },
  {
    name: "a Google callback with a stranger's code and a forged state while this tab's Google link is pending: refused, no code exchanged",
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      await startProfileLink(page, 'Google', 'google');
      const exchanges = recordRequests(page, isCodeExchange);
      await page.goto(`/auth/google/callback?code=stolen&state=${'x'.repeat(32)}`);
      await expect(page.getByRole('alert')).toHaveText(
        'This sign-in response does not match the request made from this browser, so nothing was linked.',
      );
      expect(exchanges).toEqual([]);
    },
  },
];

const CALLBACKS: Attack[] = [
  {
    name: 'a sign-in callback replayed with Back: the code is in no history entry, nothing is redeemed twice, still signed in',
    async run(browser) {
      const page = await newPage(browser);
      const callbacks = recordRequests(
        page,
        (request) => request.isNavigationRequest() && request.url().startsWith(`${PORTAL}/auth/default/callback?`),
      );
      await signIn(page, 'smwong25');
      await expect(page).toHaveURL('/profile/details');
      expect(callbacks).toHaveLength(1);
      const tokens = recordRequests(page, isTokenCall);
      await expectBackFindsNoCode(page);
      await page.goto('/profile/details');
      await expect(page).toHaveURL('/profile/details');
      expect(callbacks).toHaveLength(1);
      expect(tokens).toEqual([]);
      await expectSignedIn(page);
    },
  },
  {
    name: 'a crafted /auth/default/callback opened while signed in: explained, nobody signed out, nothing redeemed',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const tokens = recordRequests(page, isTokenCall);
      await page.goto('/auth/default/callback?code=forged&state=forged');
      await expect(page.getByRole('alert')).toContainText('Sign-in could not be completed: this tab did not ask to sign in, so nothing was done.');
      await expect(page).toHaveURL('/auth/default/callback');
      await expect(page).toHaveURL('/profile/details', { timeout: 5000 });
      expect(tokens).toEqual([]);
      await expectSignedIn(page);
    },
  },
  {
    name: 'the real callback address opened again: refused, nobody signed out, nothing redeemed',
    async run(browser) {
      const page = await newPage(browser);
      const callbacks = recordRequests(
        page,
        (request) => request.isNavigationRequest() && request.url().startsWith(`${PORTAL}/auth/default/callback?`),
      );
      await signIn(page, 'smwong25');
      await expect(page).toHaveURL('/profile/details');
      const tokens = recordRequests(page, isTokenCall);
      await page.goto(callbacks[0]!);
      await expect(page.getByRole('alert')).toContainText('this tab did not ask to sign in');
      await expect(page).toHaveURL('/profile/details', { timeout: 5000 });
      expect(tokens).toEqual([]);
      await expectSignedIn(page);
    },
  },
  {
    name: '/idp/link/iamsmart/success opened by a link: no trip to the central sign-out',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      // The success page of a real link leaves after 2 s: the clock is moved past that.
      await page.clock.install();
      await page.goto('/idp/link/iamsmart/success');
      await expect(page.getByText('This tab has not linked an identity, so there is nothing to report here.')).toBeVisible();
      await page.clock.runFor(3000);
      await expect(page).toHaveURL('/idp/link/iamsmart/success');
      await expectSignedIn(page);
    },
  },
  {
    name: 'a crafted callback whose state names the stored user (user:{authority}:{client id}, public in config.json): refused, nobody signed out, nothing redeemed',
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
test.describe('forged provider callbacks', () => FORGED.forEach((attack) => test(attack.name, attackTest(attack))));
test.describe('replayed and crafted sign-in callbacks', () => CALLBACKS.forEach((attack) => test(attack.name, attackTest(attack))));
