import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { signIn } from './support';

const SEED = '/__e2e-session';

/** What a sign-in leaves in the portal's session storage (the tab's session: its tokens). */
type StoredSession = Array<[string, string]>;

/** Signs `username` in on the identity provider's own page, in a browser context of its own, and keeps what the tab stored. */
async function signInOnce(browser: Browser, username: string): Promise<StoredSession> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username, '/profile/details');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const stored = await page.evaluate(() => Object.entries(sessionStorage));
  await context.close();
  return stored;
}

/** Opens `start` (the profile unless given) signed in as `username` (the `signedIn` fixture). */
export type SignedIn = (username: string, start?: string) => Promise<void>;

/** Each person's one real sign-in in this worker (a worker loads this module once). */
const sessions = new Map<string, Promise<StoredSession>>();

/**
 * Opens `start` in `page` signed in as `username`, with the session the worker's one real
 * sign-in of that person left, put into the tab's session storage as a sign-in would.
 */
export async function openSignedIn(page: Page, username: string, start = '/profile/details') {
  if (!sessions.has(username)) sessions.set(username, signInOnce(page.context().browser()!, username));
  const stored = await sessions.get(username)!;
  // An empty page of the portal's origin, answered here, to write the tab's storage in.
  await page.route(SEED, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,">' }));
  await page.goto(SEED);
  await page.evaluate((entries) => entries.forEach(([key, value]) => sessionStorage.setItem(key, value)), stored);
  await page.unroute(SEED);
  await page.goto(start);
}

/**
 * Every end-to-end test fails when the portal sends a request that breaks openapi.yaml
 * (Prism, run with --errors, marks such answers with an `sl-violations` header), or when the
 * page breaks its Content-Security-Policy.
 */
export const test = base.extend<{
  contractGuard: void;
  /**
   * Opens `start` (the profile unless given) signed in as `username`, with the session the
   * worker's one real sign-in of that person left, put into this tab's session storage as a
   * sign-in would. For every test that is not about signing in; those sign in themselves.
   */
  signedIn: SignedIn;
}>({
  signedIn: async ({ page }, use) => {
    await use((username, start) => openSignedIn(page, username, start));
  },
  contractGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      watchContract(page, violations);
      await use();
      expect(violations, 'requests that break openapi.yaml, or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Adds to `violations` each answer Prism marks as breaking openapi.yaml, and each CSP violation, of `page`. */
export function watchContract(page: Page, violations: string[]) {
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`CSP: ${message.text()}`);
  });
  page.on('response', (response) => {
    const found = response.headers()['sl-violations'];
    if (found) violations.push(`${response.request().method()} ${new URL(response.url()).pathname}: ${found}`);
  });
}

export { expect };
