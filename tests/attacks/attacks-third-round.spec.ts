import { expect, test } from '../e2e/fixtures';
import {
  type Attack,
  attackTest,
  expectNoLinkPending,
  expectSignedIn,
  isCodeExchange,
  isIdpAuthorize,
  isTokenCall,
  NOT_STARTED_HERE,
  PORTAL,
  recordChanges,
  recordRequests,
  signedIn,
} from './attackTable';
import { IDP } from '../e2e/support';

/**
 * Attacks: the third review's findings, one row (or more) each, named by the finding.
 * The rows' table and shared helpers: attackTable.ts.
 */
const GUIDE_NAMED = 'The sign-in you did not recognise';
const isIdpAuthorizeUrl = (url: URL) => url.href.startsWith(`${IDP}/auth?`);

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
  {
    name: "3: a stale tab (its session expired) sent to the university sign-in page, where someone else signs in with their own Google: nothing looked up or redeemed, no attempt for the tab's owner",
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      const exchanges = recordRequests(page, isCodeExchange);
      const lookups = recordRequests(page, (request) => request.url().startsWith(`${IDP}/oauth/provider`));
      // A's session expires while the tab sits open: the portal sends the tab to sign in again,
      // and it waits at the university sign-in page, holding A's stored user and its request.
      await page.evaluate(() => {
        const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'))!;
        sessionStorage.setItem(key, JSON.stringify({ ...(JSON.parse(sessionStorage.getItem(key)!) as object), expires_at: 1000 }));
      });
      // The page stays there (the identity provider would sign A in at once: its session lives on).
      await page.route(isIdpAuthorizeUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<title>University sign-in</title>' }));
      const authorize = page.waitForRequest(isIdpAuthorize);
      await page.goto('/profile/mfa');
      const state = new URL((await authorize).url()).searchParams.get('state');
      await expect(page).toHaveTitle('University sign-in');
      // B comes along and signs in there with B's Google, which has no university account: the
      // identity provider sends the tab on with the state of its pending request.
      await page.goto(
        `${PORTAL}/idp/instructions?code=google-b-own&state=${state}&error=access_denied&error_description=User%20creation%20was%20disabled`,
      );
      await expect(page.getByRole('alert')).toHaveText(NOT_STARTED_HERE);
      expect(lookups).toEqual([]);
      expect(exchanges).toEqual([]);
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('trust, third round', () => THIRD_ROUND.forEach((attack) => test(attack.name, attackTest(attack))));
