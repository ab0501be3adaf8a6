import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core as its package builds it for the browser. */
const AXE = readFileSync(new URL(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

export const IDP = 'http://localhost:9000';
export const DEV_PASSWORD = 'portal-dev';

/** Starts from the portal and signs in on the identity provider's own login page. */
export async function signIn(page: Page, username: string, start = '/') {
  await page.goto(start);
  await signInOnIdp(page, username);
}

/** Signs in on the identity provider's login page, which the portal has just sent the page to. */
export async function signInOnIdp(page: Page, username: string) {
  await expect(page).toHaveURL(new RegExp(`^${IDP}/interaction/`));
  await expect(page.getByRole('heading', { name: 'University sign-in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Fails the test on any console error or uncaught page error. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Waits until the page's running animations have ended (an opening dialog fades in for 200 ms).
 * Endless or paused animations (a spinner) are not waited for.
 */
async function settled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * No WCAG violation that axe can find on the page once its animations have ended (until then,
 * colours are blended). axe is put into each document once, through the test's own channel (so
 * the page's Content-Security-Policy does not apply to it), and runs there: the integration
 * package puts its 650 KB into the page again for every check, 0.8 to 1.4 s a check against
 * 0.15 to 0.23 s this way (three checks of the MFA list each way, one run).
 */
export async function expectNoAxeViolations(page: Page) {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  // Only violations are asserted: axe then skips writing out every passing element.
  const options: RunOptions = { resultTypes: ['violations'] };
  const axe = await page.evaluate(
    (options) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    options,
  );
  // Each violation with where it is and axe's own explanation (for contrast: the two colours).
  const found = axe.violations.map(
    (v) =>
      `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1).join(' ').trim()})`).join(', ')}`,
  );
  expect(found).toEqual([]);
}
