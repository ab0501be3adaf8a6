import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { layoutShiftSoFar } from '../../tools/bench/layoutShift';
import { IDP, signIn, watchConsole } from './support';

/** A browser with a live single sign-on session whose first tab shows the profile. */
async function signedInBrowser(page: Page) {
  await signIn(page, 'smwong25', '/profile/details');
  await expect(page.getByRole('heading', { name: 'Personal information' })).toBeVisible();
}

/** A new tab of the same browser (its cookies, not its session storage), with what it asks for. */
async function newTab(context: BrowserContext) {
  const tab = await context.newPage();
  const requests: Request[] = [];
  tab.on('request', (request) => requests.push(request));
  return { tab, requests, problems: watchConsole(tab) };
}

/**
 * Runs in every document the tab opens: the app's text at each frame it changed in, as painted
 * (an animation frame's callbacks run just before its paint).
 */
function recordPaintedText() {
  const painted: string[] = [];
  Object.assign(window, { paintedText: painted });
  const frame = () => {
    const text = document.getElementById('root')?.innerText.trim() ?? '';
    if (text !== (painted.at(-1) ?? '')) painted.push(text);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** The first text the page painted, once the profile shows. */
async function firstPaintedText(tab: Page): Promise<string> {
  await expect(tab.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  return tab.evaluate(() => (window as unknown as { paintedText: string[] }).paintedText[0] ?? '');
}

/** What the profile's first paint must already hold: the header's name, the overview, each box with its data. */
const WHOLE_PROFILE = [/Siu Ming Wong/, /Security overview/, /Personal information/, /smwong25/, /Social Identities/];

const fileName = (request: Request) => new URL(request.url()).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');

test('a new tab of a signed-in browser leaves for the identity provider having run only the first code, and shows the profile without a shift', async ({
  page,
}) => {
  await signedInBrowser(page);
  const { tab, requests, problems } = await newTab(page.context());
  await tab.goto('/profile/details');
  await expect(tab.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  await expect(tab).toHaveURL('/profile/details');

  const left = requests.findIndex((request) => request.url().startsWith(`${IDP}/auth`));
  expect(left).toBeGreaterThan(0);
  const beforeLeaving = requests.slice(0, left);
  // The code that ran: the first code and the OpenID library. The app's files were only prefetched.
  expect(beforeLeaving.filter((request) => request.resourceType() === 'script').map(fileName)).toEqual(['index.js', 'oidcLibrary.js']);
  expect(beforeLeaving.filter((request) => request.resourceType() === 'other').map(fileName)).toEqual(expect.arrayContaining(['app.js']));
  expect(beforeLeaving.filter((request) => request.url().includes('/api/'))).toEqual([]);
  // The identity provider's discovery document, fetched by the first tab, is not fetched again.
  expect(requests.filter((request) => request.url().includes('/.well-known/openid-configuration'))).toEqual([]);
  // Nothing on the page moved as the callback handed over to the profile.
  const shifts = await tab.evaluate(layoutShiftSoFar, 500);
  expect(shifts).toBe(0);
  expect(problems).toEqual([]);
});

test('the profile paints once, whole and with its data: in a new tab coming back from sign-in, and on a reload', async ({ page }) => {
  await signedInBrowser(page);
  const { tab, problems } = await newTab(page.context());
  await tab.addInitScript(recordPaintedText);
  await tab.goto('/profile/details');
  const afterSignIn = await firstPaintedText(tab);
  for (const part of WHOLE_PROFILE) expect(afterSignIn).toMatch(part);

  await tab.reload();
  const afterReload = await firstPaintedText(tab);
  for (const part of WHOLE_PROFILE) expect(afterReload).toMatch(part);
  expect(problems).toEqual([]);
});

/** A discovery document for the dev identity provider, as the portal keeps it, with `changes` planted. */
const planted = (changes: Record<string, string>) =>
  JSON.stringify({
    authority: IDP,
    savedAt: Date.now(),
    metadata: { issuer: IDP, authorization_endpoint: `${IDP}/auth`, token_endpoint: `${IDP}/token`, ...changes },
  });

test('a discovery document planted in local storage sends no person, code or token elsewhere', async ({ page }) => {
  await signedInBrowser(page);
  const elsewhere: string[] = [];
  await page.context().route('https://evil.example/**', (route) => {
    elsewhere.push(route.request().url());
    return route.abort();
  });
  // Before the tab leaves: a sign-in page on another origin.
  const plant = (value: string) => page.evaluate((document) => window.localStorage.setItem('portal.providerMetadata', document), value);
  await plant(planted({ authorization_endpoint: 'https://evil.example/auth' }));
  // While it is away: a token endpoint of the provider's own that carries parameters of its own.
  await page.context().route(`${IDP}/auth?*`, async (route) => {
    await plant(planted({ token_endpoint: `${IDP}/token?client_id=planted` }));
    await route.continue();
  });
  const { tab, requests } = await newTab(page.context());
  await tab.goto('/profile/details');
  await expect(tab.getByRole('heading', { name: 'Personal information' })).toBeVisible();
  expect(elsewhere).toEqual([]);
  const tokenCalls = requests.filter((request) => request.url().startsWith(`${IDP}/token`)).map((request) => request.url());
  expect(tokenCalls).toEqual([`${IDP}/token`]);
  // The provider was asked for its own document instead, and that one is kept now.
  expect(requests.filter((request) => request.url() === `${IDP}/.well-known/openid-configuration`).length).toBeGreaterThan(0);
  const kept = await tab.evaluate(() => JSON.parse(window.localStorage.getItem('portal.providerMetadata') ?? '{}').metadata);
  expect([kept?.authorization_endpoint, kept?.token_endpoint]).toEqual([`${IDP}/auth`, `${IDP}/token`]);
});
