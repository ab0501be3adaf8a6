import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Long enough to take two lines on a phone. */
const MESSAGE = 'The identity service is not answering right now. Please try again in a few minutes.';

/** Whether a person pointing at the middle of this element reaches it, not something laid over it. */
function reachable(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const { x, y, width, height } = node.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit !== null && node.contains(hit);
  });
}

async function box(element: Locator) {
  const found = await element.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

/** Every control of the header that is shown at this width: the home link, Menu, the switches, Logout. */
async function headerControls(page: Page): Promise<Locator[]> {
  const header = page.getByRole('banner');
  const controls = [...(await header.getByRole('link').all()), ...(await header.getByRole('button').all())];
  const shown: Locator[] = [];
  for (const control of controls) if (await control.isVisible()) shown.push(control);
  return shown;
}

// Spec section 2: toasts at the top centre. They start below the header, so that none covers Menu or Logout.
for (const size of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`an error toast at ${size.width} px starts below the header at the top centre and hides no header control`, async ({ page, signedIn }) => {
    await page.setViewportSize(size);
    await page.route('**/api/v1/user/idps', (route) => route.fulfill({ status: 500, json: { errorMessage: MESSAGE } }));
    await signedIn('taiman.chan', '/profile/details');
    const toast = page.getByRole('alert').filter({ hasText: MESSAGE });
    await expect(toast).toBeVisible();
    // Its entrance is animated: measure where it comes to rest (the same place twice running).
    let last = Number.NaN;
    await expect
      .poll(
        async () => {
          const { y } = await box(toast);
          const still = y === last;
          last = y;
          return still;
        },
        { intervals: [100, 250, 500] },
      )
      .toBe(true);

    const header = await box(page.getByRole('banner'));
    const shown = await box(toast);
    expect(shown.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height);
    expect(Math.abs(shown.x + shown.width / 2 - size.width / 2), 'the toast is centred').toBeLessThanOrEqual(1);

    // The page itself stays within reach around the toast.
    const edit = page.getByRole('button', { name: 'Edit recovery email' });
    await edit.scrollIntoViewIfNeeded();
    expect(await reachable(edit), 'the page can be reached').toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));

    const controls = await headerControls(page);
    expect(controls.length).toBeGreaterThanOrEqual(size.width < 576 ? 3 : 5);
    for (const control of controls) expect(await reachable(control), `${await control.textContent()} can be reached`).toBe(true);

    // The menu opens over the toast, and every page in it can be chosen while the toast stays.
    await page.getByRole('button', { name: 'Menu' }).click();
    const links = await page.getByRole('navigation', { name: 'Account menu' }).getByRole('list').getByRole('link').all();
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) expect(await reachable(link), `${await link.textContent()} can be reached`).toBe(true);
    await page.getByRole('link', { name: 'Previous Login', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Previous Login' })).toBeVisible();
    await expect(toast).toBeVisible();
  });
}
