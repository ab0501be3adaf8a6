import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import {
  type Attack,
  attackTest,
  attempt,
  encode,
  expectNoLinkPending,
  expectBackFindsNoCode,
  isCodeExchange,
  isIdpAuthorize,
  isIdpAuthorizeUrl,
  linkState,
  newPage,
  NOT_STARTED_HERE,
  plant,
  plantAttempt,
  PORTAL,
  profileGoogleLink,
  recordChanges,
  recordRequests,
  refusedLinkFrom,
  serveConfig,
  signedIn,
  startProfileLink,
  unsignedJwt,
  VOUCH_IAMSMART,
} from './attackTable';
import { expectNoAxeViolations, IDP, signIn, signInOnIdp } from '../e2e/support';

/**
 * Attacks: crafted identity-link addresses, and link states planted, expired, foreign or replayed.
 * The rows' table and shared helpers: attackTable.ts.
 */

/** A tab left at the university sign-in page: the identity provider's authorize address answers with a page of its own. */
async function waitAtSignInPage(page: Page, start: () => Promise<unknown>): Promise<string> {
  await page.route(isIdpAuthorizeUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<title>University sign-in</title>' }));
  const authorize = page.waitForRequest(isIdpAuthorize);
  await start();
  const state = new URL((await authorize).url()).searchParams.get('state')!;
  await expect(page).toHaveTitle('University sign-in');
  return state;
}

/** Someone at the university sign-in page picks their own Google, which has no university account: back to the portal with the tab's state. */
const userCreationDisabled = (state: string) =>
  `${PORTAL}/idp/instructions?code=google-b-own&state=${state}&error=access_denied&error_description=User%20creation%20was%20disabled`;

const LINKS: Attack[] = [
  {
    name: 'an unsolicited /idp/link/google code while signed in: nothing redeemed, no sign-in asked for, the ordinary link offered',
    run: async (browser) => void (await refusedLinkFrom(browser, '/idp/link/google?code=google-attacker&state=s1')),
  },
  {
    name: 'an unsolicited /idp/link/iamsmart code, then /profile: there is nothing to confirm',
    async run(browser) {
      const page = await refusedLinkFrom(browser, '/idp/link/iamsmart?code=iamsmart-attacker');
      await page.goto(`${PORTAL}/profile`);
      await expect(page).toHaveURL('/profile/details');
    },
  },
  {
    name: '/idp/instructions with "User creation was disabled" and a stranger\'s code: nothing looked up or redeemed',
    run: async (browser) =>
      void (await refusedLinkFrom(
        browser,
        '/idp/instructions?code=google-attacker&state=st&error=access_denied&error_description=User%20creation%20was%20disabled',
      )),
  },
  ...['用戶創建已被禁用', '用户创建已被禁用'].map((description): Attack => ({
    name: `/idp/instructions with "${description}": refused, and the code leaves the address bar`,
    async run(browser) {
      const page = await refusedLinkFrom(
        browser,
        `/idp/instructions?code=facebook-attacker&state=st&error_description=${encodeURIComponent(description)}`,
      );
      // Back never finds the code again: the page took it out of its history entry. What each
      // Back shows is read from the address bar, so a page served from the back-forward cache
      // (no request at all) is looked at too.
      await expect(page).toHaveURL('/idp/instructions');
      await expectBackFindsNoCode(page);
    },
  })),
  {
    name: "a crafted /idp/link while this tab's own iAM Smart link is pending: refused, the tab's own attempt left as it was",
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await startProfileLink(page, 'iAM Smart', 'iamsmart');
      const exchanges = recordRequests(page, isCodeExchange);
      await page.goto(`${PORTAL}/idp/link/google?code=google-attacker`);
      await expect(page.getByRole('alert')).toHaveText(NOT_STARTED_HERE);
      expect(exchanges).toEqual([]);
      expect(changes).toEqual([]);
      expect(await linkState(page)).toMatchObject({ mode: 'startLinkIdp', phase: 'provider', link: { idpName: 'iamsmart' } });
      // The state every tab shares names nobody: who links what stays in this tab.
      expect(Object.keys(JSON.parse(atob((await page.evaluate(() => localStorage.getItem('state')))!)) as object)).toEqual([
        'mode',
        'nonce',
        'createdAt',
      ]);
    },
  },
  {
    name: 'a Google link the person started, whose account is not theirs: "This is not me" links nothing',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await profileGoogleLink(page);
      expect(changes).toEqual([]);
      await page.getByRole('button', { name: 'This is not me' }).click();
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByText('Nothing was linked.')).toBeVisible();
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
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
    name: "a stale tab (its session expired) sent to the university sign-in page, where someone else signs in with their own Google: nothing looked up or redeemed, no attempt for the tab's owner",
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
      const state = await waitAtSignInPage(page, () => page.goto('/profile/mfa'));
      // B comes along and signs in there with B's Google, which has no university account: the
      // identity provider sends the tab on with the state of its pending request.
      await page.goto(userCreationDisabled(state));
      await expect(page.getByRole('alert')).toHaveText(NOT_STARTED_HERE);
      expect(lookups).toEqual([]);
      expect(exchanges).toEqual([]);
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
];

const PLANTED: Attack[] = [
  {
    name: 'a link state planted the way the portal wrote it before (no nonce, no time), then the victim signs in: nothing linked, the value is gone',
    async run(browser) {
      const page = await newPage(browser);
      const changes = recordChanges(page);
      await page.goto('/robots.txt');
      await plant(page, encode({ mode: 'startLinkIdp', link: { idpId: '0oa1smart', externalId: 'ext-attacker-0001', idpName: 'iamsmart' } }));
      await signIn(page, 'smwong25');
      await expect(page).toHaveURL('/profile/details');
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
  ...(
    [
      [
        'a planted attempt that is 11 minutes old, in this tab: nothing linked, discarded',
        attempt({ createdAt: Date.now() - 11 * 60_000 }),
        true,
        true,
      ],
      ['a planted attempt that another person started, in this tab: nothing linked, discarded', attempt({ owner: 'taiman.chan' }), true, true],
      ['a planted attempt with a nonce this tab never had: nothing linked', attempt(), false, false],
    ] as const
  ).map(([name, planted, inThisTab, discarded]): Attack => ({
    name,
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await plantAttempt(page, planted, { inThisTab });
      await page.goto('/profile');
      await expect(page).toHaveURL('/profile/details');
      expect(changes).toEqual([]);
      // Another tab's attempt is left to that tab, as it was planted.
      if (discarded) await expectNoLinkPending(page);
      else expect(await linkState(page)).toEqual({ mode: 'startLinkIdp', nonce: planted.nonce, createdAt: planted.createdAt });
    },
  })),
  {
    name: 'a real attempt replayed after it was declined: nothing linked',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      await signInOnIdp(page, 'smwong25');
      await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
      const captured = await page.evaluate(() => localStorage.getItem('state'));
      await page.getByRole('button', { name: 'This is not me' }).click();
      await expect(page).toHaveURL('/profile/details');
      await plant(page, captured!);
      await page.goto('/profile');
      await expect(page).toHaveURL('/profile/details');
      expect(changes).toEqual([]);
    },
  },
  {
    name: 'a link abandoned on a shared computer: the next person who signs in gets no link, and is told why',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      // smwong25 walks away from the login form; taiman.chan sits down and signs in.
      await signInOnIdp(page, 'taiman.chan');
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByText(/The identity link was not completed, so nothing was linked/)).toBeVisible();
      await expect(page.getByRole('link', { name: /Home: Tai Man Chan/ })).toBeVisible();
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
  {
    name: 'an attempt (planted in this tab) that a sign-in did not carry: that sign-in discards it',
    async run(browser) {
      const page = await newPage(browser);
      const changes = recordChanges(page);
      await page.goto('/robots.txt');
      await plantAttempt(page, attempt({ phase: 'sign-in' }), { inThisTab: true });
      await signIn(page, 'smwong25');
      await expect(page).toHaveURL('/profile/details');
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
];

const OWNER: Attack[] = [
  {
    name: "the session dialog's sign-in, asked for by whoever is at the tab, then the session ends while the tab waits at the university sign-in page, where someone picks their own Google: looked up, but nothing redeemed and no attempt without a live owner",
    async run(browser) {
      const page = await newPage(browser);
      // 65-second tokens (the dev identity provider's second client) whose renewal is refused: the dialog warns 5 s in.
      await serveConfig(page, (config) => ({ ...config, oidcClientId: 'account-portal-short-session' }));
      await page.route(`${IDP}/token`, (route) =>
        new URLSearchParams(route.request().postData() ?? '').get('grant_type') === 'refresh_token'
          ? route.fulfill({ status: 400, json: { error: 'invalid_grant', error_description: 'refused by the test' } })
          : route.continue(),
      );
      await signIn(page, 'smwong25', '/profile/details');
      const changes = recordChanges(page);
      const exchanges = recordRequests(page, isCodeExchange);
      const lookups = recordRequests(page, (request) => request.url().startsWith(`${IDP}/oauth/provider`));
      const warning = page.getByRole('dialog', { name: 'Your session is about to end' });
      await expect(warning).toBeVisible({ timeout: 15_000 });
      // Stay signed in: the renewal is refused, so the portal signs in again, a sign-in the person asked for.
      const state = await waitAtSignInPage(page, () => warning.getByRole('button', { name: 'Stay signed in' }).click());
      // Minutes pass: the tab's session ends while it waits there.
      await page.addInitScript(() => {
        for (const key of Object.keys(sessionStorage).filter((name) => name.startsWith('oidc.user:'))) {
          sessionStorage.setItem(key, JSON.stringify({ ...(JSON.parse(sessionStorage.getItem(key)!) as object), expires_at: 1000 }));
        }
      });
      await page.goto(userCreationDisabled(state));
      await expect(page.getByRole('alert')).toContainText('Sign in with your university account first');
      await expect(page.getByRole('link', { name: 'Link from your profile' })).toBeVisible();
      // The dialog's sign-in counts as the person's own (the code's provider was asked); the code was not redeemed.
      expect(lookups).toHaveLength(1);
      expect(exchanges).toEqual([]);
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
  {
    name: '/idp/link/google opened straight with the state of a sign-in the person started in a tab where nobody is signed in: no owner, nothing redeemed, no attempt',
    async run(browser) {
      const page = await newPage(browser);
      const changes = recordChanges(page);
      const exchanges = recordRequests(page, isCodeExchange);
      // Someone opens the portal in a new tab: a sign-in they started themselves, waiting at the sign-in page.
      const state = await waitAtSignInPage(page, () => page.goto('/'));
      await page.goto(`${PORTAL}/idp/link/google?code=google-attacker&state=${state}`);
      await expect(page.getByRole('alert')).toContainText('Sign in with your university account first');
      await expect(page.getByRole('link', { name: 'Link from your profile' })).toBeVisible();
      expect(exchanges).toEqual([]);
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
];

test.describe.configure({ mode: 'parallel' });
test.describe('crafted identity-link addresses', () => LINKS.forEach((attack) => test(attack.name, attackTest(attack))));
test.describe('planted, expired, foreign and replayed link states', () => PLANTED.forEach((attack) => test(attack.name, attackTest(attack))));
test.describe('a link from the identity provider needs its owner, signed in now', () =>
  OWNER.forEach((attack) => test(attack.name, attackTest(attack))));
