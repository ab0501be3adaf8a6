import { expect, test } from '../e2e/fixtures';
import { type Attack, attackTest, newPage, PORTAL, recordRequests, serveConfig, signedIn } from './attackTable';
import { IDP, signIn } from '../e2e/support';

/**
 * Attacks: crafted return paths and settings.
 * The rows' table and shared helpers: attackTable.ts.
 */
const GUIDE_NAMED = 'The sign-in you did not recognise';

const ADDRESSES: Attack[] = [
  ...['/AUTH/default/callback', '/profile/../auth/default/callback?code=x&state=y', '/profile/%2e%2e/idp/link/google?code=x'].map(
    (returnTo): Attack => ({
      name: `returnTo=${returnTo}: the sign-in lands on the profile, no callback replayed`,
      async run(browser) {
        const page = await newPage(browser);
        const callbacks = recordRequests(
          page,
          (request) => request.isNavigationRequest() && /\/(auth|idp)\//i.test(new URL(request.url()).pathname) && request.url().startsWith(PORTAL),
        );
        await signIn(page, 'smwong25', `/auth/default/login?returnTo=${encodeURIComponent(returnTo)}`);
        await expect(page).toHaveURL('/profile/details');
        // The login page itself and the one real callback; nothing the returnTo named.
        expect(callbacks.map((url) => new URL(url).pathname)).toEqual(['/auth/default/login', '/auth/default/callback']);
      },
    }),
  ),
  {
    name: 'a config.json naming an http: production identity provider: refused with a clear message, nothing sent there',
    async run(browser) {
      const page = await newPage(browser);
      const foreign = recordRequests(page, (request) => request.url().includes('sso.example.edu.hk'));
      await serveConfig(page, (config) => ({ ...config, oidcAuthority: 'http://sso.example.edu.hk/oauth2/default' }));
      await page.goto('/');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The portal cannot start because its settings could not be read or are not safe to use.');
      await expect(alert).toContainText('oidcAuthority must use https: (plain http: is allowed only on localhost or 127.0.0.1)');
      expect(foreign).toEqual([]);
    },
  },
  {
    name: 'N5: a config.json sending CSP reports (which carry the page address, codes and all) to another origin is refused',
    async run(browser) {
      const page = await newPage(browser);
      await serveConfig(page, (config) => ({ ...config, cspReportUrl: 'https://csp.collector.example/report' }));
      await page.goto('/');
      await expect(page.getByRole('alert')).toContainText('cspReportUrl must be a path on the portal’s own origin');
    },
  },
  {
    name: 'N6: the dev stack settings without their "dev" mark (http, localhost) are refused',
    async run(browser) {
      const page = await newPage(browser);
      await serveConfig(page, (config) => ({ ...config, dev: undefined }));
      await page.goto('/');
      await expect(page.getByRole('alert')).toContainText(
        'oidcAuthority names this machine or plain http:, which only a config marked "dev": true may do',
      );
    },
  },
  {
    name: "N9: a Google authorize address off Google's host (or posing as it) is not followed",
    async run(browser) {
      for (const address of [
        'https://evil.example/oauth?client_id=x',
        'https://accounts.google.com.evil.example/o/oauth2/auth',
        'http://accounts.google.com/o/oauth2/auth',
      ]) {
        const page = await signedIn(browser, 'smwong25');
        const left = recordRequests(
          page,
          (request) => request.isNavigationRequest() && !request.url().startsWith(PORTAL) && !request.url().startsWith(IDP),
        );
        await page.route(/evil\.example|accounts\.google\.com/, (route) =>
          route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' }),
        );
        await page.route('**/api/v1/auth/google/authorize**', (route) => route.fulfill({ json: address }));
        const answered = page.waitForResponse('**/api/v1/auth/google/authorize**');
        await page.getByRole('button', { name: 'Link Google' }).click();
        // The address is read, refused, and the person is back where they were (spec section 4).
        // The router shows /auth/google/login before it asks, so the tab is back here only once
        // the answer was refused: a followed address would never come back.
        await answered;
        await expect(page).toHaveURL('/profile/details');
        expect(left).toEqual([]);
      }
    },
  },
  {
    name: 'a "This wasn\'t me" link carrying a lure (a number to call, an address to visit, a look-alike place) shows the plain guide, naming no sign-in',
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
];

test.describe.configure({ mode: 'parallel' });
test.describe('crafted return paths and settings', () => ADDRESSES.forEach((attack) => test(attack.name, attackTest(attack))));
