import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '../e2e/fixtures';

const docs = resolve('dist-docs/api.html');

test('the API reference works offline and shows the personas’ examples', async ({ page }) => {
  test.skip(!existsSync(docs), 'run `npm run docs` first (npm test does)');
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:') || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
    outside.push(url);
    return route.abort();
  });
  await page.goto(pathToFileURL(docs).toString());
  await expect(page.getByText('University Account Portal API').first()).toBeVisible();
  await page.goto(`${pathToFileURL(docs).toString()}#tag/profile/operation/getProfile`);
  await expect(page.getByRole('heading', { name: "Get the signed-in user's profile" })).toBeVisible();
  // The new-user persona's example is shown, and the full persona can be chosen beside it.
  await expect(page.getByText('"smwong25"').first()).toBeVisible();
  await expect(page.getByText('A new student with no recovery email').first()).toBeVisible();
  expect(await page.content()).toContain('A member of staff with a recovery email');
  // Redocly's usage traces, when the build leaves its telemetry on, go out about 5 s after the
  // page has loaded (then every few seconds): long enough to see the first.
  await page.waitForTimeout(8_000);
  // Only Redocly's own badge image is asked for from outside; offline it simply hides itself.
  expect(outside.filter((url) => !url.startsWith('https://cdn.redoc.ly/redoc/logo-mini'))).toEqual([]);
});
