import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { en } from '../../src/messages/en';
import { zhHK } from '../../src/messages/zh-HK';
import { expect, test, type SignedIn } from './fixtures';

/** A built file, by its manifest key (names carry content hashes). */
function builtFile(key: string): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[key];
  if (!entry) throw new Error(`no ${key} in the build`);
  return `/${entry.file}`;
}

/** The built file of a route's page. */
const routeChunk = (route: string) => builtFile(`src/routes/${route}.tsx?tsr-split=component`);

/**
 * A file the old release had and the new one names again: every request for it (a preload
 * included) is answered 404 until the tab has loaded more than `documents` pages from now on.
 * Answers the tab's documents and the refusals, counted as they come.
 */
async function goneUntilReload(page: Page, file: string, documents: number) {
  const seen = { documents: 0, refused: 0 };
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) seen.documents += 1;
  });
  await page.route(`**${file}`, (route) => {
    if (seen.documents > documents) return route.continue();
    seen.refused += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  return seen;
}

async function openProfile(page: Page, signedIn: SignedIn) {
  await signedIn('taiman.chan', '/profile/details');
  await expect(page.getByRole('heading', { level: 1, name: en['page.profile'] })).toBeVisible();
}

async function goToPreviousLogin(page: Page, menu: string, link: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('link', { name: link, exact: true }).click();
}

test.describe('unexpected failures', () => {
  test('a page file gone after a release: the tab reloads once by itself and shows the page', async ({ page, signedIn }) => {
    const file = routeChunk('_authenticated/profile/login');
    // Gone from the start. Opening the menu is an intent: the page's code starts loading then,
    // fails, and reloads nothing under the person; the click on its link does.
    await page.route(`**${file}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    // And another page's code is still on its way when they click, held until the reload: a
    // preload in flight does not keep the page they asked for from reloading.
    let releaseHeld!: () => void;
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    let heldAsked = false;
    await page.route(`**${routeChunk('_authenticated/profile/password')}`, async (route) => {
      heldAsked = true;
      await held;
      await route.continue().catch(() => undefined);
    });
    await openProfile(page, signedIn);
    const seen = await goneUntilReload(page, file, 0);

    await goToPreviousLogin(page, en['nav.menu'], en['nav.loginLog']);
    expect(heldAsked).toBe(true);
    releaseHeld();
    await expect(page.getByRole('heading', { level: 1, name: en['page.loginLog'] })).toBeVisible();
    await expect(page).toHaveURL('/profile/login');
    expect(seen.documents).toBe(1);
    expect(seen.refused).toBeGreaterThan(0);
  });

  test("the app's own file gone after a release: the tab reloads once by itself and shows the page", async ({ page, signedIn }) => {
    await openProfile(page, signedIn);
    // The page loads from an index whose app file the new release no longer has; the reload
    // brings the new index.
    const seen = await goneUntilReload(page, builtFile('src/main.tsx'), 1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: en['page.profile'] })).toBeVisible();
    expect(seen.documents).toBe(2);
    expect(seen.refused).toBeGreaterThan(0);
  });

  test('a page that cannot be shown: a translated error page, one report to errorReportUrl without secrets, and a way on', async ({
    page,
    signedIn,
  }) => {
    const chunk = routeChunk('_authenticated/profile/login');
    const reports: unknown[] = [];
    await page.route('**/config.json', async (route) => {
      const served = await route.fetch();
      await route.fulfill({ response: served, json: { ...(await served.json()), errorReportUrl: 'http://localhost:4173/error-reports' } });
    });
    await page.route('**/error-reports', async (route) => {
      reports.push(JSON.parse(route.request().postData() ?? 'null'));
      await route.fulfill({ status: 204 });
    });
    // Gone from the start (opening the menu starts loading it, and that reloads nothing).
    await page.route(`**${chunk}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await openProfile(page, signedIn);
    await page.getByRole('button', { name: '繁體中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.profile'] })).toBeVisible();
    let documents = 0;
    page.on('request', (request) => request.resourceType() === 'document' && request.frame() === page.mainFrame() && documents++);

    await goToPreviousLogin(page, zhHK['nav.menu'], zhHK['nav.loginLog']);
    // One reload to fetch the new release; the file is still missing, so the page says so.
    await expect(page.getByRole('heading', { level: 1, name: zhHK['error.pageTitle'] })).toBeVisible();
    await expect(page.getByText(zhHK['error.pageBody'])).toBeVisible();
    expect(documents).toBe(1);

    await expect.poll(() => reports.length).toBe(1);
    // One report for one failure: none follows it.
    await page.waitForTimeout(1_000);
    expect(reports).toHaveLength(1);
    const report = reports[0] as Record<string, string>;
    // Allow-listed fields only: no message, no address, no free text of any kind.
    expect(Object.keys(report).sort()).toEqual(['at', 'browser', 'build', 'errorClass', 'frames', 'kind', 'language', 'route']);
    expect(report).toMatchObject({ kind: 'render', route: '/profile/login', language: 'zh-HK', browser: expect.stringMatching(/^Chrome \d+$/) });
    const text = JSON.stringify(report);
    for (const secret of ['access_token', 'code=', 'state=', 'eyJ', 'taiman']) expect(text).not.toContain(secret);

    await page.getByRole('link', { name: zhHK['notFound.back'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.profile'] })).toBeVisible();
  });
});
