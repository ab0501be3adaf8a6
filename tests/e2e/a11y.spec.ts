import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSnifferErrors } from './htmlcs';
import { en } from '../../src/messages/en';
import { signedInPages } from '../support/routeTree';
import { expectNoAxeViolations, signIn } from './support';
import { addAuthenticator, requireUserVerification } from '../support/virtualAuthenticator';

/**
 * WCAG 2.2 AA as far as two engines can tell, axe and HTML_CodeSniffer (WCAG 2 AA): every page
 * and every wizard step, for both personas, at desktop width and on a 375 px phone, with no
 * horizontal scrolling on the phone. Both look at the page as it stands at each check.
 */
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
];
const PERSONAS = [
  { name: 'new user', username: 'smwong25' },
  { name: 'full', username: 'taiman.chan' },
];

async function check(page: Page, where: string) {
  await test.step(where, async () => {
    await expectNoAxeViolations(page);
    await expectNoSnifferErrors(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${where}: no horizontal scrolling`).toBeLessThanOrEqual(0);
  });
}

async function visit(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function wizardSteps(page: Page) {
  const next = () => page.getByRole('button', { name: 'Next', exact: true }).click();

  await visit(page, '/profile/mfa/enroll/OKTA/sms', 'Set up a sign-in method');
  await check(page, 'SMS: introduction');
  await page.getByRole('button', { name: 'Setup' }).click();
  await check(page, 'SMS: phone number');
  await page.getByLabel('Phone number').fill('123');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('This is not a valid phone number for United States. Check the number and the country.')).toBeVisible();
  await check(page, 'SMS: a number that cannot exist');
  await page.getByLabel('Phone number').fill('415 555 0100');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Enter Code')).toBeVisible();
  await check(page, 'SMS: code');

  await visit(page, '/profile/mfa/enroll/OKTA/call', 'Set up a sign-in method');
  await page.getByRole('button', { name: 'Setup' }).click();
  await check(page, 'voice call: phone number and extension');

  await visit(page, '/profile/mfa/enroll/GOOGLE/token:software:totp', 'Set up a sign-in method');
  await check(page, 'authenticator app: introduction');
  await next();
  await check(page, 'authenticator app: choose the phone');
  await page.getByRole('radio', { name: 'Android' }).check();
  await next();
  await expect(page.getByRole('img', { name: /Barcode to scan/ })).toBeVisible();
  await check(page, 'authenticator app: barcode');
  await page.getByRole('button', { name: "Can't scan?" }).click();
  await check(page, 'authenticator app: secret key');
  await next();
  await expect(page.getByLabel('Enter Code')).toBeVisible();
  await check(page, 'authenticator app: code');

  await visit(page, '/profile/mfa/enroll/OKTA/token:software:totp', 'Set up a sign-in method');
  await next();
  await page.getByRole('radio', { name: 'iPhone' }).check();
  await next();
  await expect(page.getByRole('img', { name: /Barcode to scan/ })).toBeVisible();
  await check(page, 'Okta Verify code: barcode');

  await visit(page, '/profile/mfa/enroll/OKTA/push', 'Set up a sign-in method');
  await check(page, 'Okta Verify push: introduction');

  await visit(page, '/profile/mfa/enroll/OKTA/email', 'Set up a sign-in method');
  await check(page, 'email: introduction');
  await page.getByRole('button', { name: 'Send me the code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  await check(page, 'email: code');

  await visit(page, '/profile/mfa/enroll/FIDO/webauthn', 'Set up a sign-in method');
  await check(page, 'passkey: introduction');
  // An authenticator that cannot confirm the person where the options ask it to: the browser
  // answers as it does to a cancelled prompt, and the page says so.
  const { cdp } = await addAuthenticator(page, 'device-bound', { isUserVerified: false });
  await requireUserVerification(page);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing was added to your account.');
  await check(page, 'passkey: a cancelled ceremony');
  await cdp.send('WebAuthn.disable');

  await visit(page, '/profile/mfa/enroll/CUSTOM/token:hotp', 'Set up a sign-in method');
  await check(page, 'university authenticator: introduction');
  await next();
  await expect(page.getByRole('img', { name: /Barcode to scan/ })).toBeVisible();
  await check(page, 'university authenticator: barcode');
}

/**
 * What some pages also show after a click, checked as well, by the page's address. Every other
 * page of the route tree is checked as it opens.
 */
const ALSO: Record<string, Array<{ name: string; show: (page: Page) => Promise<void>; only?: string }>> = {
  '/profile/details': [{ name: 'with the menu open', show: (page) => page.getByRole('button', { name: 'Menu' }).click() }],
  '/profile/password': [
    {
      name: 'with every error shown',
      show: async (page) => {
        await page.getByRole('button', { name: 'Change password', exact: true }).click();
        await expect(page.getByText('Confirm New password cannot be empty.')).toBeVisible();
      },
    },
  ],
  '/profile/mfa': [
    { name: 'in edit mode', show: (page) => page.getByRole('button', { name: 'Edit' }).click() },
    // Renaming a method, and the guide to a new phone, for the person with methods set up.
    {
      name: 'renaming a method, a nickname refused',
      only: 'taiman.chan',
      show: async (page) => {
        await page.getByRole('button', { name: 'Rename Voice Call Authentication' }).click();
        const dialog = page.getByRole('dialog', { name: 'Rename Voice Call Authentication' });
        await dialog.getByLabel('Nickname').fill('x'.repeat(257));
        await expect(dialog.getByText('A nickname can have at most 256 characters.')).toBeVisible();
      },
    },
    {
      name: 'with the guide to a new phone open',
      only: 'taiman.chan',
      show: async (page) => {
        await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Show me how' }).click();
        await expect(page.getByRole('heading', { level: 3, name: 'Only then, remove the old one' })).toBeVisible();
      },
    },
  ],
  '/profile/question': [{ name: 'in edit mode', show: (page) => page.getByRole('button', { name: 'Edit' }).click() }],
  '/profile/login': [
    {
      // The "This wasn't me" guide, opened from the newest login as a person would.
      name: "This wasn't me, opened from a login",
      show: async (page) => {
        await page
          .getByRole('link', { name: /^This wasn't me: / })
          .first()
          .click();
        await expect(page.getByRole('heading', { level: 1, name: 'Secure your account' })).toBeVisible();
      },
    },
  ],
};

/** The catalogue's page titles (its `page.*` texts): every page's heading is one, which each language then words its own way. */
const PAGE_TITLES = Object.entries(en).flatMap(([key, text]) => (key.startsWith('page.') && typeof text === 'string' ? [text] : []));

/** A page opened and done loading: its heading, one of the page titles, shown; no loader left. */
async function opened(page: Page, path: string) {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
  expect(PAGE_TITLES, `${path}: its heading is a page title of the catalogue (a page.* text)`).toContain(await heading.textContent());
}

// Each test opens its own page (from the worker's one sign-in of its person), so the suite's workers can share them out.
test.describe.configure({ mode: 'parallel' });

for (const persona of PERSONAS) {
  for (const size of WIDTHS) {
    test(`every page passes both engines: ${persona.name}, ${size.name}`, async ({ page, signedIn }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signedIn(persona.username);
      const checked = new Set<string>();
      for (const path of signedInPages()) {
        await opened(page, path);
        // A page that sends this person on (/profile, to the details) is checked where it lands.
        const landed = new URL(page.url()).pathname;
        if (checked.has(landed)) continue;
        checked.add(landed);
        await check(page, landed);
        for (const state of ALSO[landed] ?? []) {
          if (state.only && state.only !== persona.username) continue;
          await state.show(page);
          await check(page, `${landed} ${state.name}`);
        }
      }
      // Every page with states of its own was found and checked in them.
      expect([...checked]).toEqual(expect.arrayContaining(Object.keys(ALSO)));

      await page.goto('/profile/nowhere');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await check(page, 'not found');
    });

    // The wizards show the same steps to both personas: they are checked as the new user.
    if (persona.username !== 'smwong25') continue;
    test(`every wizard step passes both engines: ${persona.name}, ${size.name}`, async ({ page, signedIn }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: size.width, height: size.height });
      await signedIn(persona.username);
      await wizardSteps(page);
    });
  }
}

test('the public pages pass both engines on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/idp/instructions?error=access_denied&error_description=The%20request%20was%20denied&state=abc');
  await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  await check(page, 'identity provider error page');
});

test('the link confirmation, the removal question and the signed-out pages pass both engines on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'taiman.chan', '/profile/mfa');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove SMS Authentication (Work mobile)?' })).toBeVisible();
  await check(page, 'factor removal question');

  // A Facebook link started from the profile; the mock's authorize answer goes straight back to
  // the callback with the state this tab sent.
  await page.route('**/api/v1/auth/facebook/authorize**', (route) => {
    const state = new URL(route.request().url()).searchParams.get('state') ?? '';
    return route.fulfill({ json: `/auth/facebook/callback?code=facebook-1&state=${state}` });
  });
  await page.goto('/profile/details');
  await page.getByRole('button', { name: 'Link Facebook' }).click();
  await page.getByLabel('Username').fill('taiman.chan');
  await page.getByLabel('Password').fill('portal-dev');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Link Facebook to your account?' })).toBeVisible();
  await check(page, 'link confirmation');

  await page.goto('/idp/link/facebook/success');
  await expect(page.getByText('This tab has not linked an identity, so there is nothing to report here.')).toBeVisible();
  await check(page, 'link success page opened without a link');

  const other = await page.context().newPage();
  await other.setViewportSize({ width: 375, height: 740 });
  await other.goto('/profile/details');
  await expect(other.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await page.goto('/profile/details');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'You have signed out' })).toBeVisible();
  await check(other, 'signed out in another tab');
});

test("Sign out other devices' question, the connected apps' removal question, Where you've signed in and the password page after a change pass both engines, at both widths", async ({
  page,
  signedIn,
}) => {
  test.setTimeout(90_000);
  await signedIn('taiman.chan');
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/profile/details');
    await page.getByRole('region', { name: 'Security overview' }).getByRole('button', { name: 'Sign out other devices' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign out other devices?' })).toBeVisible();
    await check(page, `${size.name}: Sign out other devices' question`);

    await opened(page, '/profile/connected-apps');
    await page.getByRole('button', { name: 'Remove access for Timetable Sync' }).click();
    await expect(page.getByRole('dialog', { name: 'Remove access for Timetable Sync?' })).toBeVisible();
    await check(page, `${size.name}: an app's removal question`);

    await opened(page, '/profile/login?view=places');
    await page.getByRole('region', { name: "Where you've signed in" }).getByRole('group').first().locator('summary').click();
    await expect(page.getByRole('link', { name: /^This wasn't me: / }).first()).toBeVisible();
    await check(page, `${size.name}: Where you've signed in, an entry opened`);

    await opened(page, '/profile/password');
    await page.getByLabel('Current password').fill('old-secret');
    await page.getByLabel('New password', { exact: true }).fill('Blue-Harbour-42');
    await page.getByLabel('Confirm new password').fill('Blue-Harbour-42');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('region', { name: 'Your password is changed' })).toBeVisible();
    await check(page, `${size.name}: the password page after a change`);
  }
});
