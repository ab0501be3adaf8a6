import { zhCN } from '../../src/messages/zh-CN';
import { zhHK } from '../../src/messages/zh-HK';
import { expect, test } from './fixtures';
import { DEV_PASSWORD, expectNoAxeViolations, IDP, watchConsole } from './support';

test.describe('a browser that prefers Traditional Chinese', () => {
  test.use({ locale: 'zh-HK' });

  test('signs in on a Chinese identity provider page, reads the profile in Chinese, and can switch to English for good', async ({ page }) => {
    const problems = watchConsole(page);
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${IDP}/auth?`));
    await page.goto('/profile/details');
    expect(new URL((await authorize).url()).searchParams.get('ui_locales')).toBe('zh-HK');

    // The identity provider's own page, in the language the portal asked for.
    await expect(page.getByRole('heading', { name: '大學登入' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await page.getByLabel('用戶名稱').fill('taiman.chan');
    await page.getByLabel('密碼').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: '登入' }).click();

    await expect(page).toHaveURL('/profile/details');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.profile'] })).toBeVisible();
    await expect(page.getByRole('region', { name: zhHK['overview.title'] })).toContainText(zhHK['overview.wellProtected']);
    await expect(page.getByRole('region', { name: zhHK['identities.title'] })).toBeVisible();
    await expect(page.getByRole('button', { name: zhHK['nav.logout'], exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(zhHK['page.profile']));
    await expectNoAxeViolations(page);

    // The switch names the other language in that language, and the choice outlives a reload.
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await page.getByRole('button', { name: '繁體中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.profile'] })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the login history shows its dates the Hong Kong Chinese way', async ({ page }) => {
    await page.goto('/profile/login');
    await page.getByLabel('用戶名稱').fill('taiman.chan');
    await page.getByLabel('密碼').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: '登入' }).click();
    await expect(page.getByRole('heading', { level: 1, name: zhHK['page.loginLog'] })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/\d{4}年\d{1,2}月\d{1,2}日 [上下]午\d{1,2}:\d{2}/)
        .first(),
    ).toBeVisible();
  });
});

test.describe('a browser that prefers Simplified Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('signs in on a Simplified Chinese identity provider page and reads the portal, its dates and country names in Simplified Chinese', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${IDP}/auth?`));
    await page.goto('/profile/details');
    expect(new URL((await authorize).url()).searchParams.get('ui_locales')).toBe('zh-CN');
    await expect(page.getByRole('heading', { name: '大学登录' })).toBeVisible();
    await page.getByLabel('用户名').fill('taiman.chan');
    await page.getByLabel('密码').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();

    await expect(page.getByRole('heading', { level: 1, name: zhCN['page.profile'] })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('region', { name: zhCN['overview.title'] })).toContainText(zhCN['overview.wellProtected']);
    await expectNoAxeViolations(page);
    // The switch offers the two other languages, each in itself.
    await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
    await expect(page.getByRole('button', { name: '繁體中文' })).toBeVisible();
    await expect(page.getByRole('button', { name: '简体中文' })).toHaveCount(0);

    await page.goto('/profile/login');
    await expect(page.getByRole('heading', { level: 1, name: zhCN['page.loginLog'] })).toBeVisible();
    await expect(
      page
        .getByRole('main')
        .getByText(/\d{4}年\d{1,2}月\d{1,2}日 [上下]午\d{1,2}:\d{2}/)
        .first(),
    ).toBeVisible();

    await page.goto('/profile/mfa/enroll/okta/sms');
    await page.getByRole('button', { name: zhCN['mfa.wizard.setup'] }).click();
    const country = page.getByLabel(zhCN['mfa.phone.country']);
    // The spec's default country, named the mainland way (美國 in Traditional Chinese).
    await expect(country.locator('option:checked')).toHaveText('美国 (+1)');

    // Back to Traditional Chinese, for good.
    await page.getByRole('button', { name: '繁體中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    await page.reload();
    await expect(page.getByRole('button', { name: '简体中文' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-HK');
    expect(problems).toEqual([]);
  });
});

test('the dark theme follows the system setting, can be switched, and passes axe', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/profile/details');
  await page.getByLabel('Username').fill('smwong25');
  await page.getByLabel('Password').fill(DEV_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.goto('/profile/mfa');
  await expect(page.getByRole('heading', { level: 1, name: 'Set up MFA' })).toBeVisible();
  await expectNoAxeViolations(page);
});
