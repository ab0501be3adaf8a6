import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

/** No WCAG violation that axe can find on the page once its animations have ended (until then, colours are blended). */
export async function expectNoAxeViolations(page: Page) {
  await settled(page);
  // Only violations are asserted: axe then skips writing out every passing element.
  const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  // Each violation with where it is and axe's own explanation (for contrast: the two colours).
  const found = axe.violations.map(
    (v) =>
      `${v.id}: ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.split('\n').slice(1).join(' ').trim()})`).join(', ')}`,
  );
  expect(found).toEqual([]);
}
