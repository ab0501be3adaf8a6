import { expect, test } from '../e2e/fixtures';
import {
  type Attack,
  attackTest,
  attempt,
  encode,
  expectNoLinkPending,
  goBackTwice,
  isCodeExchange,
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
  signedIn,
  startProfileLink,
} from './attackTable';
import { signIn, signInOnIdp } from '../e2e/support';

/**
 * Attacks: crafted identity-link addresses, and link states planted, expired, foreign or replayed.
 * The rows' table and shared helpers: attackTable.ts.
 */
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
      const visited: string[] = [];
      const page = await refusedLinkFrom(
        browser,
        `/idp/instructions?code=facebook-attacker&state=st&error_description=${encodeURIComponent(description)}`,
      );
      page.on('request', (request) => request.isNavigationRequest() && request.url().startsWith(PORTAL) && visited.push(request.url()));
      // Back never finds the code again: the page took it out of its history entry.
      await expect(page).toHaveURL('/idp/instructions');
      expect(await goBackTwice(page)).toBeGreaterThan(0);
      expect(visited.filter((url) => url.includes('code='))).toEqual([]);
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

test.describe.configure({ mode: 'parallel' });
test.describe('crafted identity-link addresses', () => LINKS.forEach((attack) => test(attack.name, attackTest(attack))));
test.describe('planted, expired, foreign and replayed link states', () => PLANTED.forEach((attack) => test(attack.name, attackTest(attack))));
