import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { en } from '../../src/messages/en';
import { zhHK } from '../../src/messages/zh-HK';
import { expect, test } from './fixtures';
import { signIn } from './support';

/** The built file of a route's page, from the build's manifest (names carry content hashes). */
function routeChunk(route: string): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[`src/routes/${route}.tsx?tsr-split=component`];
  if (!entry) throw new Error(`no chunk for ${route} in the build`);
  return `/${entry.file}`;
}

async function openProfile(page: Page) {
  await signIn(page, 'taiman.chan', '/profile/details');
  await expect(page.getByRole('heading', { level: 1, name: en['page.profile'] })).toBeVisible();
}

async function goToPreviousLogin(page: Page, menu: string, link: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('link', { name: link, exact: true }).click();
}

test.describe('unexpected failures', () => {
  test('a page file gone after a release: the tab reloads once by itself and shows the page', async ({ page }) => {
    const chunk = routeChunk('_authenticated/profile/login');
    await openProfile(page);
    let documents = 0;
    page.on('request', (request) => request.resourceType() === 'document' && request.frame() === page.mainFrame() && documents++);
    // Gone from the old release (every request, the import's preload included) until the tab
    // reloads; the new release's index names it again.
    let refused = 0;
    await page.route(`**${chunk}`, (route) => {
      if (documents > 0) return route.continue();
      refused += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });

    await goToPreviousLogin(page, en['nav.menu'], en['nav.loginLog']);
    await expect(page.getByRole('heading', { level: 1, name: en['page.loginLog'] })).toBeVisible();
    await expect(page).toHaveURL('/profile/login');
    expect(documents).toBe(1);
    expect(refused).toBeGreaterThan(0);
  });

  test('a page that cannot be shown: a translated error page, one report to errorReportUrl without secrets, and a way on', async ({ page }) => {
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
    await openProfile(page);
    await page.getByRole('button', { name: '繁體中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.profile'] })).toBeVisible();
    await page.route(`**${chunk}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
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
    expect(report).toMatchObject({ kind: 'render', path: '/profile/login', language: 'zh-HK' });
    expect(report.message).toContain(chunk);
    const text = JSON.stringify(report);
    for (const secret of ['access_token', 'code=', 'state=', 'eyJ', 'taiman']) expect(text).not.toContain(secret);

    await page.getByRole('link', { name: zhHK['notFound.back'] }).click();
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.profile'] })).toBeVisible();
  });
});
