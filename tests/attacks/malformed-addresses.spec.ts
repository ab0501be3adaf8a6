import type { Page } from '@playwright/test';
import { expect, test } from '../e2e/fixtures';
import { IDP } from '../e2e/support';

const PORTAL = 'http://localhost:4173';
const XSS = '<script>window.__pwned=1</script>';
const IMG = '"><img src=x onerror="window.__pwned=1">';
// Long enough to stress the page, short enough for the 8 KB request line servers accept.
const LONG = 'A'.repeat(2_500);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

type Outcome = 'alert' | 'error-page' | 'not-found' | 'identity-provider';

/** Hostile or malformed addresses of the public routes, and what a visitor must see instead. */
const CASES: Array<[string, string, Outcome, string?]> = [
  ['instructions: script in error', `/idp/instructions?${q({ error: XSS, error_description: 'x', state: 's' })}`, 'error-page'],
  ['instructions: img onerror in description', `/idp/instructions?${q({ error: 'access_denied', error_description: IMG })}`, 'error-page'],
  ['instructions: script in state', `/idp/instructions?${q({ error: 'e', state: XSS })}`, 'error-page'],
  ['instructions: very long values', `/idp/instructions?${q({ error: LONG, error_description: LONG, state: LONG })}`, 'error-page'],
  ['instructions: javascript: in state', `/idp/instructions?${q({ error: 'e', state: 'javascript:window.__pwned=1' })}`, 'error-page'],
  [
    'instructions: absolute URL in error',
    `/idp/instructions?${q({ error: 'https://evil.example/', error_description: 'https://evil.example/' })}`,
    'error-page',
  ],
  ['instructions: no parameters', '/idp/instructions', 'error-page'],
  ['instructions: repeated parameters', '/idp/instructions?error=a&error=b&state=1&state=2', 'error-page'],
  ['instructions: broken percent-encoding', '/idp/instructions?error=%E0%A4%A&state=%', 'error-page'],
  ['instructions: link request without a code', `/idp/instructions?${q({ error_description: 'User creation was disabled.' })}`, 'error-page'],
  [
    'instructions: link request with a script code',
    `/idp/instructions?${q({ code: XSS, error_description: 'User creation was disabled.' })}`,
    'alert',
    'not started in this browser',
  ],
  [
    'instructions: link request with a foreign-looking code',
    `/idp/instructions?${q({ code: 'https://evil.example', state: '//evil.example', error_description: '用戶創建已被禁用' })}`,
    'alert',
    'not started in this browser',
  ],
  ['social callback: unknown provider', '/auth/myspace/callback?code=1', 'not-found'],
  ['social callback: provider with a dot', '/auth/evil.example/callback?code=1', 'not-found'],
  ['social callback: encoded slash in provider', '/auth/%2F%2Fevil.example/callback?code=1', 'not-found'],
  ['social callback: forged state', `/auth/google/callback?${q({ code: 'stolen', state: 'x'.repeat(32) })}`, 'alert', 'does not match'],
  ['social callback: script as state', `/auth/facebook/callback?${q({ code: 'c', state: XSS })}`, 'alert', 'does not match'],
  ['social callback: no state at all', '/auth/apple/callback?code=c', 'alert', 'does not match'],
  ['social callback: very long code', `/auth/linkedin/callback?${q({ code: LONG, state: 'y'.repeat(32) })}`, 'alert', 'does not match'],
  ['iAM Smart callback without a link in progress', `/auth/iamsmart/callback?${q({ code: XSS })}`, 'alert', 'Unknown action'],
  ['iAM Smart callback with a broken local state', `/auth/iamsmart/callback?code=abc`, 'alert', 'Unknown action'],
  ['iAM Smart callback with a local state naming a foreign provider', `/auth/iamsmart/callback?code=abc`, 'alert', 'Unknown action'],
  [
    'default callback: forged code and state',
    `/auth/default/callback?${q({ code: 'forged', state: 'forged' })}`,
    'alert',
    'Sign-in could not be completed',
  ],
  [
    'default callback: provider error with a script',
    `/auth/default/callback?${q({ error: 'access_denied', error_description: XSS, state: 's' })}`,
    'alert',
    'Sign-in could not be completed',
  ],
  ['default callback: no parameters', '/auth/default/callback', 'alert', 'Sign-in could not be completed'],
  [
    'default callback: javascript: in iss',
    `/auth/default/callback?${q({ code: 'c', state: 's', iss: 'javascript:window.__pwned=1' })}`,
    'alert',
    'Sign-in could not be completed',
  ],
  ['link start: unknown provider', '/idp/link/myspace?code=1', 'not-found'],
  ['link start: absolute URL as provider', '/idp/link/https:%2F%2Fevil.example?code=1', 'not-found'],
  ['link start: script in code and state', `/idp/link/google?${q({ code: XSS, state: XSS })}`, 'alert', 'not started in this browser'],
  ['link success: unknown provider', '/idp/link/myspace/success', 'not-found'],
  ['sign-in: absolute returnTo', `/auth/default/login?${q({ returnTo: 'https://evil.example/steal' })}`, 'identity-provider'],
  ['sign-in: protocol-relative returnTo', `/auth/default/login?${q({ returnTo: '//evil.example' })}`, 'identity-provider'],
  ['sign-in: javascript: returnTo', `/auth/default/login?${q({ returnTo: 'javascript:window.__pwned=1' })}`, 'identity-provider'],
];

const LOCAL_STATE: Record<string, string> = {
  'iAM Smart callback with a broken local state': '%%%not-base64%%%',
  'iAM Smart callback with a local state naming a foreign provider': Buffer.from(
    JSON.stringify({ mode: 'hijack', link: { idpName: 'https://evil.example' } }),
  ).toString('base64'),
};

async function expectOutcome(page: Page, outcome: Outcome, text?: string) {
  if (outcome === 'identity-provider') {
    await expect(page).toHaveURL(new RegExp(`^${IDP}/`));
    await expect(page.getByRole('heading', { name: 'University sign-in' })).toBeVisible();
    return;
  }
  if (outcome === 'not-found') {
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    return;
  }
  if (outcome === 'error-page') {
    await expect(page.getByRole('heading', { level: 1, name: 'Error' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', IDP);
    return;
  }
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: text ?? '' })
      .first(),
  ).toBeVisible();
}

test('crafted and malformed addresses of the public routes execute nothing, leave for nowhere foreign, and explain', async ({ page }) => {
  test.setTimeout(120_000);
  expect(CASES.length).toBeGreaterThanOrEqual(30);
  const foreign: string[] = [];
  page.on('framenavigated', (frame) => {
    const origin = new URL(frame.url()).origin;
    if (frame === page.mainFrame() && origin !== PORTAL && origin !== IDP && origin !== 'null') foreign.push(frame.url());
  });
  page.on('dialog', (dialog) => {
    foreign.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });

  for (const [name, path, outcome, text] of CASES) {
    await test.step(name, async () => {
      await page.goto(`${PORTAL}/robots.txt`);
      await page.evaluate((state) => {
        localStorage.clear();
        sessionStorage.clear();
        if (state) localStorage.setItem('state', state);
      }, LOCAL_STATE[name]);
      await page.goto(`${PORTAL}${path}`);
      await expectOutcome(page, outcome, text);
      if (new URL(page.url()).origin === PORTAL) {
        expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
        expect(await page.locator('main script, main img[src="x"]').count()).toBe(0);
      }
    });
  }
  expect(foreign).toEqual([]);
});
