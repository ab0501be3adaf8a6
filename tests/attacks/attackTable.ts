import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { expect, openSignedIn, watchContract } from '../e2e/fixtures';
import { IDP, signIn, signInOnIdp } from '../e2e/support';

/**
 * The attacker's table, shared by the attacks*.spec.ts files (one file per group of findings):
 * what an attacker would try against the real stack (the dev identity provider, Prism, the
 * production build), and the helpers its rows share. Each row asserts that nothing was linked,
 * changed or kept, and runs in browsers of its own.
 */
export const PORTAL = 'http://localhost:4173';
export const STEP_UP_DONE = 'You have confirmed it is you. You can now finish your change.';
export const VOUCH_IAMSMART = 'I started this link myself, just now, and signed in to iAM Smart with my own account';

export type Attack = { name: string; run: (browser: Browser) => Promise<void> };

/** Requests that break the contract, and CSP violations, on pages these tests open themselves. */
const violations: string[] = [];
export const guard = (page: Page) => watchContract(page, violations);

/** Each attack runs in browsers of its own, closed afterwards. */
const contexts: BrowserContext[] = [];
export async function newPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: PORTAL });
  contexts.push(context);
  const page = await context.newPage();
  guard(page);
  return page;
}

/** A page of its own, signed in as `user` with the worker's one sign-in of that person (a row about signing in signs in itself). */
export async function signedIn(browser: Browser, user: string, start = '/profile/details') {
  const page = await newPage(browser);
  await openSignedIn(page, user, start);
  await expect(page).toHaveURL(start);
  return page;
}

/**
 * A page of its own, signed in for real in its own browser: for the rows that go back to the
 * identity provider's session (a step-up, another tab's sign-in) or end it (a logout).
 */
export async function signedInAtIdp(browser: Browser, user: string, start = '/profile/details') {
  const page = await newPage(browser);
  await signIn(page, user, start);
  await expect(page).toHaveURL(start);
  return page;
}

/** Every call the portal makes that would change the account. */
export function recordChanges(page: Page) {
  const changes: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === PORTAL && url.pathname.startsWith('/api/v1/user/') && ['POST', 'DELETE'].includes(request.method())) {
      changes.push(`${request.method()} ${url.pathname}`);
    }
  });
  return changes;
}

export function recordRequests(page: Page, match: (request: Request) => boolean) {
  const seen: string[] = [];
  page.on('request', (request) => match(request) && seen.push(request.url()));
  return seen;
}

export const isCodeExchange = (request: Request) => /\/api\/v1\/(auth\/[a-z]+\/token|_\/iamsmart\/tokenized-id)$/.test(request.url());
export const isTokenCall = (request: Request) => request.url() === `${IDP}/token`;

/**
 * Back, twice, as a person would. The entries behind may be a finished identity-provider page
 * or a portal page that moves on by itself, so no back waits for a full load. Answers the
 * address each Back that went somewhere showed: what the history holds, whether the page came
 * from the network or from the back-forward cache (which sends no request). An empty list means
 * Back went nowhere, which would make a test of what Back finds pass without having looked.
 */
export async function goBackTwice(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const before = page.url();
    await page.goBack({ waitUntil: 'commit', timeout: 5_000 }).catch(() => undefined);
    if (page.url() !== before) shown.push(page.url());
  }
  await page.waitForLoadState('load', { timeout: 5_000 }).catch(() => undefined);
  return shown;
}

/** Back, twice, went somewhere, and found no portal address that holds a code in any entry it showed. */
export async function expectBackFindsNoCode(page: Page) {
  const shown = await goBackTwice(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((url) => url.startsWith(PORTAL) && url.includes('code='))).toEqual([]);
}

export const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
export const NONCE = 'planted-nonce-0123456789';
/** A link attempt with every field the portal keeps of one; `fields` change it. */
export const attempt = (fields: Record<string, unknown> = {}) => ({
  link: { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-attacker-0001' },
  nonce: NONCE,
  createdAt: Date.now(),
  phase: 'confirm',
  owner: 'smwong25',
  began: 'profile',
  ...fields,
});

/** Plants `state` (base64 JSON) as the link state every tab shares (local storage `state`). */
export async function plant(page: Page, state: string) {
  await page.evaluate((value) => localStorage.setItem('state', value), state);
}

/**
 * Plants `planted` where the portal keeps an attempt: its nonce and start time in the state
 * every tab shares, and, `inThisTab`, the rest in this tab's session storage, as if this tab
 * had started it.
 */
export async function plantAttempt(page: Page, { nonce, createdAt, ...tabPart }: ReturnType<typeof attempt>, { inThisTab }: { inThisTab: boolean }) {
  await plant(page, encode({ mode: 'startLinkIdp', nonce, createdAt }));
  if (inThisTab) await page.evaluate((part) => sessionStorage.setItem('portal.linkAttempt', part), JSON.stringify({ nonce, ...tabPart }));
}

/** The link state as this tab sees it: the shared marker, with this tab's part of an attempt laid over it. */
export async function linkState(page: Page) {
  return page.evaluate(() => {
    const raw = localStorage.getItem('state');
    const part = sessionStorage.getItem('portal.linkAttempt');
    if (raw === null && part === null) return null;
    return { ...(raw === null ? {} : (JSON.parse(atob(raw)) as object)), ...(part === null ? {} : (JSON.parse(part) as object)) };
  });
}

export async function expectNoLinkPending(page: Page) {
  expect([null, { mode: 'normal' }]).toContainEqual(await linkState(page));
}

export const sessionKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage));
/**
 * What session storage may hold once a logout has ended the page's session: only the mark that
 * this page's session ended (the page's start time, nothing of the person), which keeps a page
 * restored with Back from using a session again.
 */
export const AFTER_LOGOUT = ['portal.endedPage'];
export async function expectSignedIn(page: Page) {
  expect((await sessionKeys(page)).some((key) => key.startsWith('oidc.user:'))).toBe(true);
}

/** Sends the first `times` calls that `match` picks to Prism with `Prefer: code=401`: the contract's step-up answer. */
export async function stepUpOn(page: Page, match: (request: Request) => boolean, times = 1) {
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
export async function expectStepUp(page: Page, act: () => Promise<void>, path: string) {
  const authorize = page.waitForRequest((request) => request.url().startsWith(`${IDP}/auth?`));
  await act();
  const asked = new URL((await authorize).url()).searchParams;
  expect(asked.get('max_age')).toBe('300');
  await expect(page).toHaveURL(path);
  await expect(page.getByText(STEP_UP_DONE)).toBeVisible();
}

export const on = (method: string, path: RegExp) => (request: Request) => request.method() === method && path.test(new URL(request.url()).pathname);

/** A link started from the profile's Link control that stops where the provider would be. */
export async function startProfileLink(page: Page, provider: 'iAM Smart' | 'Google', slug: string) {
  await page.route(`**/api/v1/auth/${slug}/authorize**`, (route) => route.fulfill({ json: '/robots.txt' }));
  await page.getByRole('button', { name: `Link ${provider}` }).click();
  await expect(page).toHaveURL('/robots.txt');
}
export const NOT_STARTED_HERE = 'This link was not started in this browser, so nothing was linked. To link an account, choose Link on your profile.';
export const isIdpAuthorizeUrl = (url: URL) => url.href.startsWith(`${IDP}/auth?`);
export const isIdpAuthorize = (request: Request) => isIdpAuthorizeUrl(new URL(request.url()));

/** A compact JWT with no signature, as the social exchanges answer in the contract. */
export const unsignedJwt = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

/**
 * A Google link started from the profile's Link control: the provider's sign-in is skipped (the
 * authorize answer goes straight back to the callback with the state this tab sent), the code
 * exchange answers `idToken` when given (otherwise the contract's example), and the fresh
 * sign-in is made; the confirmation is on screen.
 */
export async function profileGoogleLink(page: Page, idToken?: string) {
  await page.route('**/api/v1/auth/google/authorize**', (route) => {
    const state = new URL(route.request().url()).searchParams.get('state') ?? '';
    return route.fulfill({ json: `/auth/google/callback?code=google-own-code&state=${state}` });
  });
  if (idToken) await page.route('**/api/v1/auth/google/token', (route) => route.fulfill({ json: { id_token: idToken } }));
  await page.getByRole('button', { name: 'Link Google' }).click();
  await signInOnIdp(page, 'smwong25');
  await expect(page.getByRole('heading', { level: 1, name: 'Link Google to your account?' })).toBeVisible();
}

/** A config.json the portal is served with: the dev stack's, changed by `change`. */
export async function serveConfig(page: Page, change: (config: Record<string, unknown>) => Record<string, unknown>) {
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
export async function refusedLinkFrom(browser: Browser, address: string) {
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

/**
 * An attack as a test body: in browsers of its own (closed afterwards), failing on any request
 * that breaks openapi.yaml or any CSP violation. Each file runs its rows in parallel (none
 * depends on another), so the suite's workers share them out.
 */
export const attackTest =
  (attack: Attack) =>
  async ({ browser }: { browser: Browser }) => {
    violations.length = 0;
    try {
      await attack.run(browser);
    } finally {
      await Promise.all(contexts.splice(0).map((context) => context.close()));
    }
    expect(violations, 'requests that break openapi.yaml, or CSP violations').toEqual([]);
  };
