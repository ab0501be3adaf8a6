import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { expect, test } from '../e2e/fixtures';
import {
  type Attack,
  attackTest,
  expectNoLinkPending,
  isCodeExchange,
  isIdpAuthorize,
  newPage,
  PORTAL,
  profileGoogleLink,
  recordChanges,
  recordRequests,
  refusedLinkFrom,
  serveConfig,
  signedIn,
  unsignedJwt,
  VOUCH_IAMSMART,
} from './attackTable';
import { expectNoAxeViolations, IDP, signInOnIdp } from '../e2e/support';

/**
 * Attacks: the second review's findings, one row (or more) each: N1 to N9 and L5.
 * The rows' table and shared helpers: attackTable.ts.
 */
const SECOND_ROUND: Attack[] = [
  {
    name: 'N1 (iAM Smart): an unsolicited /idp/link/iamsmart code while signed in redeems nothing, asks for no sign-in, and offers the ordinary link',
    async run(browser) {
      const page = await refusedLinkFrom(browser, '/idp/link/iamsmart?code=iamsmart-attacker');
      await page.getByRole('link', { name: 'Link from your profile' }).click();
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByRole('button', { name: 'Link iAM Smart' })).toBeVisible();
    },
  },
  {
    name: 'N1 (iAM Smart): a token with only a subject is not named by its number; Link is a second, deliberate step with a warning',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      await signInOnIdp(page, 'smwong25');
      await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
      await expect(page.getByTestId('link-external-account')).toHaveText('Cannot be shown');
      await expect(page.getByTestId('link-external-source')).toHaveText(
        'iAM Smart gives the portal only an anonymous number for this account, so it cannot be shown here.',
      );
      const link = page.getByRole('button', { name: 'Link', exact: true });
      await expect(link).toBeDisabled();
      await page.getByRole('checkbox', { name: VOUCH_IAMSMART }).check();
      await expect(link).toBeEnabled();
      expect(changes).toEqual([]);
      // The warning and the second step read well on a phone.
      await page.setViewportSize({ width: 375, height: 740 });
      await expectNoAxeViolations(page);
    },
  },
  {
    name: 'N1 (name only): /idp/instructions with "User creation was disabled" and a crafted state redeems nothing and looks nothing up',
    run: async (browser) =>
      void (await refusedLinkFrom(
        browser,
        '/idp/instructions?code=linkedin-attacker&state=st&error=access_denied&error_description=User%20creation%20was%20disabled',
      )),
  },
  {
    name: 'N1 (name only): a name the provider does not vouch for is shown as such, never as an email the provider did not verify',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      // The contract's Google token: an email with no email_verified, and a name.
      await profileGoogleLink(page);
      await expect(page.getByTestId('link-external-account')).toHaveText('Wong Siu Ming');
      await expect(page.getByTestId('link-external-source')).toHaveText(
        'The name on this Google account. Its owner chose it; Google does not vouch for it.',
      );
      await expect(page.getByText('wsm.personal@example.com')).toHaveCount(0);
    },
  },
  {
    name: 'N2: an attempt started from the identity provider in a tab where nobody is signed in: no code redeemed; the next person to sign in is offered only an ordinary link',
    async run(browser) {
      const page = await newPage(browser);
      const changes = recordChanges(page);
      const exchanges = recordRequests(page, isCodeExchange);
      // Someone starts signing in here (the state is this tab's own) and picks Google at the
      // identity provider, which has no university account for it.
      const authorize = page.waitForRequest(isIdpAuthorize);
      await page.goto('/');
      const state = new URL((await authorize).url()).searchParams.get('state');
      expect(state).toMatch(/^[0-9a-f]{32}$/);
      await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
      await page.goto(
        `${PORTAL}/idp/instructions?code=google-attacker&state=${state}&error=access_denied&error_description=User%20creation%20was%20disabled`,
      );
      await expect(page.getByRole('alert')).toContainText('Sign in with your university account first');
      expect(exchanges).toEqual([]);
      // They walk away; the next person signs in.
      await page.getByRole('link', { name: 'Link from your profile' }).click();
      await signInOnIdp(page, 'taiman.chan');
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByRole('heading', { level: 1, name: 'Link Google to your account?' })).toHaveCount(0);
      expect(exchanges).toEqual([]);
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
  {
    name: "N3: invisible, bidi and filler characters, a flood of combining marks and Cyrillic look-alikes in the provider's name; an unverified email is not shown",
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const name = `\u202eWong\u3164Siu\u206a\u200b\u115f M\u0456ng${'e'}${'\u0301'.repeat(40)}\u2066\u00ad`;
      await profileGoogleLink(page, unsignedJwt({ sub: 'google-attacker-1', name, email: 'wsm@example.com', email_verified: false }));
      await expect(page.getByTestId('link-external-account')).toHaveText('WongSiu M\u0456ng\u00e9\u0301');
      await expect(page.getByText('This name mixes letters of different writing systems, as names made to imitate another do.')).toBeVisible();
      await expect(page.getByText('wsm@example.com')).toHaveCount(0);
      await expectNoAxeViolations(page);
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
        await answered;
        await expect(page).toHaveURL('/profile/details');
        await page.waitForTimeout(500);
        expect(left).toEqual([]);
      }
    },
  },
  {
    name: "L5: /idp/instructions shows none of the query's text: the provider's error code in the portal's words, the state shortened",
    async run(browser) {
      const page = await newPage(browser);
      const lure = 'Your account is locked. Call +852 5555 0000 now and read out the code we send you.';
      await page.goto(`/idp/instructions?error=access_denied&error_description=${encodeURIComponent(lure)}&state=AbCdEfGh0123456789abcdefXYZ`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('The sign-in was cancelled or refused.')).toBeVisible();
      await expect(page.getByText('AbCdEfGh…')).toBeVisible();
      expect(await page.locator('body').innerText()).not.toMatch(/locked|5555|access_denied|0123456789/);
    },
  },
  {
    name: 'N8: a step-up asking for a stronger authentication (acr_values, in a header with another challenge first) is passed on to the identity provider',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan');
      await page.route('**/api/v1/user/profile', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 401,
              headers: {
                'WWW-Authenticate':
                  'DPoP algs="ES256", Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR"',
              },
              json: { errorMessage: 'Sign in again' },
            })
          : route.continue(),
      );
      const authorize = page.waitForRequest(isIdpAuthorize);
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('stronger@example.org');
      await page.getByRole('button', { name: 'Save' }).click();
      expect(new URL((await authorize).url()).searchParams.get('acr_values')).toBe('myACR');
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
  {
    name: 'N7: the dev identity provider (whose signing keys are public) answers on this machine only, not on its other addresses',
    async run() {
      /** Whether something accepts a connection on `host`, at the identity provider's port. */
      const accepts = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host, port: Number(new URL(IDP).port), timeout: 2000 });
          socket.once('connect', () => (socket.destroy(), resolve(true)));
          socket.once('error', () => resolve(false));
          socket.once('timeout', () => (socket.destroy(), resolve(false)));
        });
      expect(await accepts('127.0.0.1')).toBe(true);
      // Another loopback address (Linux routes all of 127.0.0.0/8 here) and every address of this
      // machine's network interfaces reach a server that listens on all of them.
      const others = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address && !address.internal && address.family === 'IPv4')
        .map((address) => address!.address);
      for (const host of ['127.0.0.2', ...others]) expect(await accepts(host), host).toBe(false);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('trust, second round', () => SECOND_ROUND.forEach((attack) => test(attack.name, attackTest(attack))));
