import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEV_PASSWORD, expectNoAxeViolations, IDP, signIn, watchConsole } from './support';

/**
 * What an attacker would try against the real stack (the dev identity provider, Prism, the
 * production build): crafted links, planted or replayed link states, forged callbacks, races
 * with logout, crafted return paths and settings, step-up answers, and what a wizard leaves in
 * memory. Each row asserts that nothing was linked, changed or kept.
 */
const PORTAL = 'http://localhost:4173';
const STEP_UP_DONE = 'You have confirmed it is you. You can now finish your change.';
const VOUCH_IAMSMART = 'I started this link myself, just now, and signed in to iAM Smart with my own account';

type Attack = { name: string; run: (browser: Browser) => Promise<void> };

/** Requests that break the contract, and CSP violations, on pages these tests open themselves. */
const violations: string[] = [];
function guard(page: Page) {
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`CSP: ${message.text()}`);
  });
  page.on('response', (response) => {
    const found = response.headers()['sl-violations'];
    if (found) violations.push(`${response.request().method()} ${new URL(response.url()).pathname}: ${found}`);
  });
}

/** Each attack runs in browsers of its own, closed afterwards. */
const contexts: BrowserContext[] = [];
async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: PORTAL });
  contexts.push(context);
  const page = await context.newPage();
  guard(page);
  return page;
}

async function signedIn(browser: Browser, user: string, start = '/profile/details') {
  const page = await newPage(browser);
  await signIn(page, user, start);
  await expect(page).toHaveURL(start);
  return page;
}

/** Every call the portal makes that would change the account. */
function recordChanges(page: Page) {
  const changes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === PORTAL && url.pathname.startsWith('/api/v1/user/') && ['POST', 'DELETE'].includes(request.method())) {
      changes.push(`${request.method()} ${url.pathname}`);
    }
  });
  return changes;
}

function recordRequests(page: Page, match: (request: Request) => boolean) {
  const seen: string[] = [];
  page.on('request', (request) => match(request) && seen.push(request.url()));
  return seen;
}

const isCodeExchange = (request: Request) => /\/api\/v1\/(auth\/[a-z]+\/token|_\/iamsmart\/tokenized-id)$/.test(request.url());
const isTokenCall = (request: Request) => request.url() === `${IDP}/token`;

async function loginAgain(page: Page, user: string) {
  await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
  await expect(page.getByRole('heading', { name: 'University sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Back, twice, as a person would. The entries behind may be a finished identity-provider page
 * or a portal page that moves on by itself, so no back waits for a full load. Answers how many
 * of the two went somewhere: a Back that went nowhere would make a test of what Back finds pass
 * without having looked.
 */
async function goBackTwice(page: Page): Promise<number> {
  let went = 0;
  for (let i = 0; i < 2; i += 1) {
    const before = page.url();
    await page.goBack({ waitUntil: 'commit', timeout: 5_000 }).catch(() => undefined);
    if (page.url() !== before) went += 1;
  }
  await page.waitForLoadState('load', { timeout: 5_000 }).catch(() => undefined);
  return went;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const NONCE = 'planted-nonce-0123456789';
const attempt = (fields: Record<string, unknown> = {}) => ({
  mode: 'startLinkIdp',
  link: { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-attacker-0001' },
  nonce: NONCE,
  createdAt: Date.now(),
  phase: 'confirm',
  owner: 'smwong25',
  ...fields,
});

async function plant(page: Page, state: string, tabNonce?: string) {
  await page.evaluate(
    ([value, nonce]) => {
      localStorage.setItem('state', value!);
      if (nonce) sessionStorage.setItem('portal.linkAttempt', nonce);
    },
    [state, tabNonce ?? ''],
  );
}

async function linkState(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('state');
    return raw === null ? null : (JSON.parse(atob(raw)) as unknown);
  });
}

async function expectNoLinkPending(page: Page) {
  expect([null, { mode: 'normal' }]).toContainEqual(await linkState(page));
}

const sessionKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage));
/**
 * What session storage may hold once a logout has ended the page's session: only the mark that
 * this page's session ended (the page's start time, nothing of the person), which keeps a page
 * restored with Back from using a session again.
 */
const AFTER_LOGOUT = ['portal.endedPage'];
async function expectSignedIn(page: Page) {
  expect((await sessionKeys(page)).some((key) => key.startsWith('oidc.user:'))).toBe(true);
}

/** Sends the first `times` calls that `match` picks to Prism with `Prefer: code=401`: the contract's step-up answer. */
async function stepUpOn(page: Page, match: (request: Request) => boolean, times = 1) {
  const calls: string[] = [];
  await page.route('**/api/v1/**', (route) => {
    const request = route.request();
    if (!match(request)) return route.continue();
    calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    const headers = calls.length <= times ? { ...request.headers(), prefer: 'code=401' } : request.headers();
    return route.continue({ headers });
  });
  return calls;
}

/** Starts `act`, which the server answers with a step-up: the portal signs in again with max_age=300 and comes back. */
async function expectStepUp(page: Page, act: () => Promise<void>, path: string) {
  const authorize = page.waitForRequest((request) => request.url().startsWith(`${IDP}/auth?`));
  await act();
  const asked = new URL((await authorize).url()).searchParams;
  expect(asked.get('max_age')).toBe('300');
  await expect(page).toHaveURL(path);
  await expect(page.getByText(STEP_UP_DONE)).toBeVisible();
}

const on = (method: string, path: RegExp) => (request: Request) => request.method() === method && path.test(new URL(request.url()).pathname);

/** A link started from the profile's Link control that stops where the provider would be. */
async function startProfileLink(page: Page, provider: 'iAM Smart' | 'Google', slug: string) {
  await page.route(`**/api/v1/auth/${slug}/authorize**`, (route) => route.fulfill({ json: '/robots.txt' }));
  await page.getByRole('button', { name: `Link ${provider}` }).click();
  await expect(page).toHaveURL('/robots.txt');
}

// ---------------------------------------------------------------- trust, second round
const NOT_STARTED_HERE = 'This link was not started in this browser, so nothing was linked. To link an account, choose Link on your profile.';
const isIdpAuthorize = (request: Request) => request.url().startsWith(`${IDP}/auth?`);

/** A compact JWT with no signature, as the social exchanges answer in the contract. */
const unsignedJwt = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

/**
 * A Google link started from the profile's Link control: the provider's sign-in is skipped (the
 * authorize answer goes straight back to the callback with the state this tab sent), the code
 * exchange answers `idToken` when given (otherwise the contract's example), and the fresh
 * sign-in is made; the confirmation is on screen.
 */
async function profileGoogleLink(page: Page, idToken?: string) {
  await page.route('**/api/v1/auth/google/authorize**', (route) => {
    const state = new URL(route.request().url()).searchParams.get('state') ?? '';
    return route.fulfill({ json: `/auth/google/callback?code=google-own-code&state=${state}` });
  });
  if (idToken) await page.route('**/api/v1/auth/google/token', (route) => route.fulfill({ json: { id_token: idToken } }));
  await page.getByRole('button', { name: 'Link Google' }).click();
  await loginAgain(page, 'smwong25');
  await expect(page.getByRole('heading', { level: 1, name: 'Link Google to your account?' })).toBeVisible();
}

/** A config.json the portal is served with: the dev stack's, changed by `change`. */
async function serveConfig(page: Page, change: (config: Record<string, unknown>) => Record<string, unknown>) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as Record<string, unknown>) });
  });
}

/**
 * Signed in, the person opens `address` (a crafted link to the identity provider's link path):
 * no code is looked up or redeemed, no sign-in is asked for, the page says why and offers the
 * ordinary link from the profile, and nothing is linked or left behind.
 */
async function refusedLinkFrom(browser: Browser, address: string) {
  const page = await signedIn(browser, 'smwong25');
  const changes = recordChanges(page);
  const exchanges = recordRequests(page, isCodeExchange);
  const idp = recordRequests(page, (request) => request.url().startsWith(`${IDP}/oauth/provider`) || request.url().startsWith(`${IDP}/auth?`));
  await page.goto(address);
  await expect(page.getByRole('alert')).toHaveText(NOT_STARTED_HERE);
  await expect(page.getByRole('link', { name: 'Link from your profile' })).toBeVisible();
  expect(exchanges).toEqual([]);
  expect(idp).toEqual([]);
  expect(changes).toEqual([]);
  await expectNoLinkPending(page);
  return page;
}

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
      expect(await linkState(page)).toMatchObject({ mode: 'startLinkIdp', phase: 'provider' });
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
        "a planted attempt that is 11 minutes old, with this tab's nonce: nothing linked, discarded",
        attempt({ createdAt: Date.now() - 11 * 60_000 }),
        NONCE,
        true,
      ],
      [
        "a planted attempt that another person started, with this tab's nonce: nothing linked, discarded",
        attempt({ owner: 'taiman.chan' }),
        NONCE,
        true,
      ],
      ['a planted attempt with a nonce this tab never had: nothing linked', attempt(), undefined, false],
    ] as const
  ).map(([name, state, tabNonce, discarded]): Attack => ({
    name,
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await plant(page, encode(state), tabNonce);
      await page.goto('/profile');
      await expect(page).toHaveURL('/profile/details');
      expect(changes).toEqual([]);
      if (discarded) await expectNoLinkPending(page);
    },
  })),
  {
    name: 'a real attempt replayed after it was declined: nothing linked',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      await loginAgain(page, 'smwong25');
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
      await loginAgain(page, 'taiman.chan');
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByText(/The identity link was not completed, so nothing was linked/)).toBeVisible();
      await expect(page.getByRole('link', { name: /Home: Tai Man Chan/ })).toBeVisible();
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
    },
  },
  {
    name: 'an attempt (planted with its tab nonce) that a sign-in did not carry: that sign-in discards it',
    async run(browser) {
      const page = await newPage(browser);
      const changes = recordChanges(page);
      await page.goto('/robots.txt');
      await plant(page, encode(attempt({ phase: 'sign-in', owner: undefined })), NONCE);
      await signIn(page, 'smwong25');
      await expect(page).toHaveURL('/profile/details');
      expect(changes).toEqual([]);
      await expectNoLinkPending(page);
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
      expect(await goBackTwice(page)).toBeGreaterThan(0);
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
      await page.goto('/idp/link/iamsmart/success');
      await expect(page.getByText('This tab has not linked an identity, so there is nothing to report here.')).toBeVisible();
      await page.waitForTimeout(2500);
      await expect(page).toHaveURL('/idp/link/iamsmart/success');
      await expectSignedIn(page);
    },
  },
];

const LOGOUT: Attack[] = [
  {
    name: 'a logout whose session delete is answered 401: the tokens were gone before the call, and no sign-in races the logout',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
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
      const first = await signedIn(browser, 'smwong25');
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
      const page = await signedIn(browser, 'smwong25');
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('half typed');
      await plant(page, encode(attempt()), NONCE);
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
      await page.route('**/config.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), oidcAuthority: 'http://sso.example.edu.hk/oauth2/default' } });
      });
      await page.goto('/');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The portal cannot start because its settings could not be read or are not safe to use.');
      await expect(alert).toContainText('oidcAuthority must use https: (plain http: is allowed only on localhost or 127.0.0.1)');
      expect(foreign).toEqual([]);
    },
  },
];

const STEP_UP: Attack[] = [
  {
    name: 'step-up on removing a factor: a sign-in with max_age=300, back on the MFA page, the factor still there',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan', '/profile/mfa');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/factor\/[^/]+$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Remove SMS Authentication' }).click();
      await expectStepUp(page, () => page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click(), '/profile/mfa');
      await expect(page.getByRole('cell', { name: 'SMS Authentication' })).toBeVisible();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on enrolling SMS: back in the wizard with the number typed, nothing enrolled',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25', '/profile/mfa/enroll/OKTA/sms');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/factor\/enroll\/phone$/));
      await page.getByRole('button', { name: 'Setup' }).click();
      await page.getByRole('combobox', { name: 'Country' }).selectOption('HK');
      await page.getByLabel('Phone number').fill('91234567');
      await expectStepUp(page, () => page.getByRole('button', { name: 'Send Code' }).click(), '/profile/mfa/enroll/OKTA/sms');
      await expect(page.getByLabel('Phone number')).toHaveValue('91234567');
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on linking an identity: the sign-in carries the same attempt (fresh login), back to the confirmation, nothing linked',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/idps\//));
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      await loginAgain(page, 'smwong25');
      await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
      await page.getByRole('checkbox', { name: VOUCH_IAMSMART }).check();
      await page.getByRole('button', { name: 'Link', exact: true }).click();
      await loginAgain(page, 'smwong25');
      await expect(page.getByRole('heading', { level: 1, name: 'Link iAM Smart to your account?' })).toBeVisible();
      // Back from the step-up, the deliberate second step is asked for again.
      await expect(page.getByRole('checkbox', { name: VOUCH_IAMSMART })).not.toBeChecked();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on unlinking an identity: back on the profile, still linked',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/idps\//));
      await page.getByRole('button', { name: 'Unlink Google' }).click();
      await expectStepUp(page, () => page.getByRole('dialog').getByRole('button', { name: 'Unlink' }).click(), '/profile/details');
      await expect(page.getByRole('button', { name: 'Unlink Google' })).toBeVisible();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on changing the recovery email: back with what was typed, nothing saved',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/profile$/), 2);
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('stepped-up@example.org');
      await expectStepUp(page, () => page.getByRole('button', { name: 'Save' }).click(), '/profile/details');
      await expect(page.getByRole('textbox', { name: 'Recovery email' })).toHaveValue('stepped-up@example.org');
      expect(calls).toHaveLength(1);
      // Asked again right after signing in again, the portal shows the server's words instead of looping.
      const more = recordRequests(page, (request) => request.url().startsWith(`${IDP}/auth?`));
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('For your security, please sign in again to make this change.')).toBeVisible();
      expect(calls).toHaveLength(2);
      expect(more).toEqual([]);
    },
  },
  {
    name: 'step-up on setting the security question: back on the page with the question chosen, the answer kept nowhere',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25', '/profile/question');
      const calls = await stepUpOn(page, on('POST', /^\/api\/v1\/user\/factor\/enroll$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('combobox', { name: 'Question' }).selectOption({ label: 'What was the first computer game you played?' });
      await page.getByLabel('Answer').fill('bitter melon');
      await expectStepUp(page, () => page.getByRole('button', { name: 'Save' }).click(), '/profile/question');
      await expect(page.getByRole('combobox', { name: 'Question' }).locator('option:checked')).toHaveText(
        'What was the first computer game you played?',
      );
      await expect(page.getByLabel('Answer')).toHaveValue('');
      expect(JSON.stringify(await page.evaluate(() => ({ ...sessionStorage, ...localStorage })))).not.toContain('bitter melon');
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'step-up on deleting the security question: back on the page, the question still set',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan', '/profile/question');
      const calls = await stepUpOn(page, on('DELETE', /^\/api\/v1\/user\/factor\/[^/]+$/));
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await expectStepUp(
        page,
        () => page.getByRole('dialog', { name: 'Delete your security question?' }).getByRole('button', { name: 'Delete' }).click(),
        '/profile/question',
      );
      // Back where they were: the question still set, Delete one click away.
      await expect(page.getByRole('combobox', { name: 'Question' }).locator('option:checked')).toHaveText(
        'What is the food you least liked as a child?',
      );
      await expect(page.getByRole('button', { name: 'Delete' })).toBeVisible();
      expect(calls).toHaveLength(1);
    },
  },
  {
    name: 'a step-up asking for max_age=0: the identity provider shows its login form, and the typed email comes back',
    async run(browser) {
      const page = await signedIn(browser, 'taiman.chan');
      await page.route('**/api/v1/user/profile', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 401,
              headers: { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=0' },
              json: { errorMessage: 'Sign in again' },
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Edit recovery email' }).click();
      await page.getByRole('textbox', { name: 'Recovery email' }).fill('fresh@example.org');
      await page.getByRole('button', { name: 'Save' }).click();
      await loginAgain(page, 'taiman.chan');
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByRole('textbox', { name: 'Recovery email' })).toHaveValue('fresh@example.org');
    },
  },
];

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
      await expect(page).toHaveURL('/profile/details');
      await page.goto('/profile/login');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await heapStrings(page, [CURRENT, NEW])).toEqual([]);
    },
  },
];

const SECOND_ROUND: Attack[] = [
  {
    name: 'N1 (iAM Smart): an unsolicited /idp/link/iamsmart code while signed in redeems nothing, asks for no sign-in, and offers the ordinary link',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      const exchanges = recordRequests(page, isCodeExchange);
      const signIns = recordRequests(page, isIdpAuthorize);
      await page.goto('/idp/link/iamsmart?code=iamsmart-attacker');
      await expect(page.getByRole('alert')).toHaveText(NOT_STARTED_HERE);
      expect(exchanges).toEqual([]);
      expect(signIns).toEqual([]);
      await expectNoLinkPending(page);
      await page.getByRole('link', { name: 'Link from your profile' }).click();
      await expect(page).toHaveURL('/profile/details');
      await expect(page.getByRole('button', { name: 'Link iAM Smart' })).toBeVisible();
      expect(changes).toEqual([]);
    },
  },
  {
    name: 'N1 (iAM Smart): a token with only a subject is not named by its number; Link is a second, deliberate step with a warning',
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const changes = recordChanges(page);
      await page.getByRole('button', { name: 'Link iAM Smart' }).click();
      await loginAgain(page, 'smwong25');
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
    async run(browser) {
      const page = await signedIn(browser, 'smwong25');
      const exchanges = recordRequests(page, isCodeExchange);
      const lookups = recordRequests(page, (request) => request.url().startsWith(`${IDP}/oauth/provider`) || isIdpAuthorize(request));
      await page.goto('/idp/instructions?code=linkedin-attacker&state=st&error=access_denied&error_description=User%20creation%20was%20disabled');
      await expect(page.getByRole('alert')).toHaveText(NOT_STARTED_HERE);
      expect(exchanges).toEqual([]);
      expect(lookups).toEqual([]);
      await expectNoLinkPending(page);
    },
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
      await loginAgain(page, 'taiman.chan');
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
        await page.getByRole('button', { name: 'Link Google' }).click();
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
];

const GROUPS: Record<string, Attack[]> = {
  'crafted identity-link addresses': LINKS,
  'forged provider callbacks': FORGED,
  'planted, expired, foreign and replayed link states': PLANTED,
  'replayed and crafted sign-in callbacks': CALLBACKS,
  'logout races and other tabs': LOGOUT,
  'crafted return paths and settings': ADDRESSES,
  'step-up challenges on every sensitive operation': STEP_UP,
  'secrets left in memory': SECRETS,
  'trust, second round': SECOND_ROUND,
};

// One test per attack: each runs in browsers of its own and is reported on its own.
// None depends on another, so the suite's workers share them out.
test.describe.configure({ mode: 'parallel' });
for (const [group, attacks] of Object.entries(GROUPS)) {
  test.describe(group, () => {
    for (const attack of attacks) {
      test(attack.name, async ({ browser }) => {
        violations.length = 0;
        try {
          await attack.run(browser);
        } finally {
          await Promise.all(contexts.splice(0).map((context) => context.close()));
        }
        expect(violations, 'requests that break openapi.yaml, or CSP violations').toEqual([]);
      });
    }
  });
}
