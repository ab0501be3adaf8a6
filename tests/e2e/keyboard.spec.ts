import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking on the way that every
 * focused control shows a visible focus indicator. Fails after `limit` presses.
 */
async function tabTo(page: Page, target: Locator, { limit = 40, backwards = false } = {}) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const ring = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      // Headings a step focuses for screen readers (tabIndex -1) are not tab stops.
      if (!element || element === document.body || element.tabIndex < 0) return 'none';
      const style = getComputedStyle(element);
      const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none' ? 'visible' : `${element.tagName} ${element.textContent?.slice(0, 40)}`;
    });
    expect(ring, 'the focused control shows where the focus is').toMatch(/^(visible|none)$/);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target}`);
}

test('changes the password and enrolls SMS with the keyboard alone', async ({ page, signedIn }) => {
  await signedIn('smwong25', '/profile/password');
  await expect(page.getByLabel('Current password')).toBeVisible();

  // Change Password: three fields, then Enter submits.
  await tabTo(page, page.getByLabel('Current password'));
  await page.keyboard.type('old-secret');
  await tabTo(page, page.getByLabel('New password', { exact: true }));
  await page.keyboard.type('Blue-Harbour-42');
  await tabTo(page, page.getByLabel('Confirm new password'));
  await page.keyboard.type('Blue-Harbour-42');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/credential/password') && r.method() === 'POST');
  await page.keyboard.press('Enter');
  expect((await posted).postDataJSON()).toEqual({ password: 'old-secret', newPassword: 'Blue-Harbour-42', confirmPassword: 'Blue-Harbour-42' });
  // The page says the password is changed (its heading takes the focus) and offers the way on.
  await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Go to my profile' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profile/details');

  // The menu, from the keyboard, to Set up MFA.
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await tabTo(page, page.getByRole('button', { name: 'Menu' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Set up MFA', exact: true }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profile/mfa');

  await tabTo(page, page.getByRole('button', { name: 'Edit' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Set up SMS Authentication' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profile/mfa/enroll/OKTA/sms');

  await tabTo(page, page.getByRole('button', { name: 'Setup' }));
  await page.keyboard.press('Enter');
  // A native select answers to typing the option's first letters.
  await tabTo(page, page.getByRole('combobox', { name: 'Country' }), { backwards: true });
  await page.keyboard.type('Hong Kong');
  await expect(page.getByRole('combobox', { name: 'Country' }).locator('option:checked')).toHaveText(/^Hong Kong.* \(\+852\)$/); // the browser's own name for it
  await tabTo(page, page.getByLabel('Phone number'));
  await page.keyboard.type('91234567');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/user/factor/enroll/phone'));
  await tabTo(page, page.getByRole('button', { name: 'Send Code' }));
  await page.keyboard.press('Enter');
  expect((await sent).postDataJSON()).toEqual({ factorType: 'sms', provider: 'OKTA', phoneNumber: '+85291234567' });
  await tabTo(page, page.getByLabel('Enter Code'), { backwards: true });
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/profile/mfa');
  await expect(page.getByText('Activate sms successfully.')).toBeVisible();
});

test('respects reduced motion: nothing on the page animates', async ({ page, signedIn }) => {
  const motion = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('body *')].some((element) => {
        const style = getComputedStyle(element);
        return [style.transitionDuration, style.animationDuration].some((value) => value.split(',').some((part) => parseFloat(part) > 0));
      }),
    );
  await signedIn('taiman.chan', '/profile/details');
  await page.getByRole('button', { name: 'Unlink Google' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await motion(), 'with motion allowed, the page does animate (so the check below can fail)').toBe(true);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await motion()).toBe(false);
});
