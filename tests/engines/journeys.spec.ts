import { readFileSync } from 'node:fs';
import type { Catalogue } from '../../src/messages/en';
import { english as en } from '../../src/messages/english';
import { signedInPages } from '../support/routeTree';
import { zhCN } from '../../src/messages/zh-CN';
import { zhHK } from '../../src/messages/zh-HK';
import { expect, test } from './fixtures';
import type { Tab } from './tab';
import { choose, click, expectUrl, fill, heading, IDP, notSee, see, seeText, serve, served, signIn } from './ui';

/** The built file of a route's page (names carry content hashes). */
function routeChunk(route: string): string {
  const manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[`src/routes/${route}.tsx?tsr-split=component`];
  if (!entry) throw new Error(`no ${route} in the build`);
  return `/${entry.file}`;
}

/**
 * Takes out of the tab's console errors those a missing file makes each engine print: its 404,
 * and in Firefox React's log of the failure it caught as the page reloaded (an error object
 * Puppeteer can no longer read once the page has gone: only "JSHandle@error" and the app's file).
 */
function expectedFailuresOnly(tab: Tab, file: string) {
  const name = file.split('/').pop() ?? file;
  const expected = (problem: string) =>
    problem.includes(name) ||
    /404|Failed to load resource|module script|dynamically imported/i.test(problem) ||
    /^JSHandle@error http:\/\/localhost:4173\/assets\/(r\d+\/)?app-[\w-]+\.js$/.test(problem);
  const other = tab.problems.filter((problem) => !expected(problem));
  tab.problems.splice(0, tab.problems.length, ...other);
}

async function goToPreviousLogin(tab: Tab, words: Catalogue) {
  await click(tab, { role: 'button', name: words['nav.menu'] });
  await click(tab, { role: 'link', name: words['nav.loginLog'] });
}

test('signs in through the identity provider and signs out', async ({ tab }) => {
  await signIn(tab, 'taiman.chan');
  await expectUrl(tab, '/profile/details');
  await see(tab, heading('Profile'));
  await see(tab, { role: 'link', name: 'Home: Tai Man Chan' });
  await seeText(tab, 'Tai Man Chan', 'header');
  // Tokens live in this tab's session storage, never in local storage.
  const stored = await tab.evaluate<{ session: string[]; local: string[] }>(
    '() => ({ session: Object.keys(sessionStorage), local: Object.keys(localStorage) })',
  );
  expect(stored.session.filter((key) => key.startsWith('oidc.user:'))).toHaveLength(1);
  expect(stored.local.filter((key) => key.startsWith('oidc.'))).toEqual([]);

  await click(tab, { role: 'button', name: 'Logout' });
  await expectUrl(tab, new RegExp(`^${IDP}/interaction/`));
  await tab.goto('http://localhost:4173/profile/details');
  await expectUrl(tab, new RegExp(`^${IDP}/interaction/`));
});

const LANGUAGES = [
  { words: en, lang: 'en', switch: 'English', date: /\b\d{1,2}:\d{2}\b/ },
  { words: zhHK, lang: 'zh-HK', switch: '繁體中文', date: /\d{4}年\d{1,2}月\d{1,2}日 [上下]午\d{1,2}:\d{2}/ },
  { words: zhCN, lang: 'zh-CN', switch: '简体中文', date: /\d{4}年\d{1,2}月\d{1,2}日 [上下]午\d{1,2}:\d{2}/ },
];

/** The text of the page's main heading, or '' before it shows. */
const mainHeading = (tab: Tab) => tab.evaluate<string>("() => document.querySelector('main h1')?.textContent ?? ''");

test('every page in English, Traditional Chinese and Simplified Chinese, with dates in each', async ({ tab }) => {
  await signIn(tab, 'taiman.chan');
  await see(tab, heading(en['page.profile']));
  // Every signed-in page of the route tree, its heading a page title of the catalogue (a `page.*`
  // message): the one English shows, in each language's own words.
  const titles = new Map<string, keyof Catalogue>(
    Object.entries(en).flatMap(([key, text]) => (key.startsWith('page.') && typeof text === 'string' ? [[text, key as keyof Catalogue]] : [])),
  );
  const titleOf = new Map<string, keyof Catalogue>();
  for (const language of LANGUAGES) {
    if (language.lang !== 'en') await click(tab, { role: 'button', name: language.switch });
    await expect.poll(() => tab.evaluate<string>('() => document.documentElement.lang')).toBe(language.lang);
    for (const path of signedInPages()) {
      await tab.goto(`http://localhost:4173${path}`);
      if (language.lang === 'en') {
        await expect.poll(async () => titles.has(await mainHeading(tab)), `${path}: a page title as its heading`).toBe(true);
        titleOf.set(path, titles.get(await mainHeading(tab))!);
      }
      const key = titleOf.get(path)!;
      const title = language.words[key];
      // In the language's own words: a title left in English fails.
      if (language.lang !== 'en') expect(title, `${key} in ${language.lang}`).not.toBe(en[key]);
      await expect.poll(() => mainHeading(tab), `${path} in ${language.lang}`).toBe(title);
      // The title follows the page's heading (set once the page has rendered).
      await expect.poll(() => tab.evaluate<string>('() => document.title')).toContain(title);
      // The login history's first row, its time written the language's way (Intl).
      if (path === '/profile/login') await seeText(tab, language.date, 'main');
    }
    expect(titleOf.size).toBeGreaterThanOrEqual(5);
    expect(titleOf.has('/profile/login')).toBe(true);
  }
});

test('enrolls an authenticator app (a code)', async ({ tab }) => {
  await serve({ record: ['/activate'] });
  await signIn(tab, 'smwong25', '/profile/mfa');
  await click(tab, { role: 'button', name: 'Edit' });
  await click(tab, { role: 'button', name: 'Set up Google / Microsoft Authenticator' });
  await click(tab, { role: 'button', name: 'Next' });
  await click(tab, { role: 'radio', name: 'Android' });
  await click(tab, { role: 'button', name: 'Next' });
  await see(tab, { role: 'img', name: en['mfa.app.qrAlt'] });
  await click(tab, { role: 'button', name: "Can't scan?" });
  await seeText(tab, 'JBSWY3DPEHPK3PXP');
  await click(tab, { role: 'button', name: 'Next' });
  await fill(tab, { label: 'Enter Code' }, '123456');
  await click(tab, { role: 'button', name: 'Verify' });
  await expectUrl(tab, '/profile/mfa');
  await seeText(tab, 'Activate OKTA verify successfully.');
  expect((await served()).bodies['/activate']).toEqual([{ passCode: '123456' }]);
});

test('enrolls Okta Verify push (polled until the app answers)', async ({ tab }) => {
  // The push set-up with a barcode; the first poll still waits, the second finds it active.
  await serve({
    prefer: [
      { path: '/api/v1/user/factor/enroll', examples: ['full'] },
      { path: '/activate/poll', examples: ['new-user', 'active'] },
    ],
  });
  await signIn(tab, 'smwong25', '/profile/mfa/enroll/OKTA/push');
  await click(tab, { role: 'button', name: 'Setup' });
  await click(tab, { role: 'button', name: 'Next' });
  await see(tab, { role: 'img', name: en['mfa.app.qrAlt'] });
  await expect.poll(async () => (await served()).preferred['/activate/poll'] ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  await expectUrl(tab, '/profile/mfa');
  await seeText(tab, 'Activate Okta verify successfully.');
});

test('enrolls SMS with a United Kingdom number, sent in E.164', async ({ tab }) => {
  await serve({ record: ['/api/v1/user/factor/enroll/phone'] });
  await signIn(tab, 'smwong25', '/profile/mfa/enroll/OKTA/sms');
  await click(tab, { role: 'button', name: 'Setup' });
  await choose(tab, { role: 'combobox', name: 'Country' }, 'United Kingdom (+44)');
  await seeText(tab, '+44');
  // A UK mobile as people there type it, with its trunk 0.
  await fill(tab, { label: 'Phone number' }, '07400 123456');
  await click(tab, { role: 'button', name: 'Send Code' });
  await expect.poll(async () => (await see(tab, { role: 'button', name: 'Sent' })).enabled()).toBe(false);
  expect((await served()).bodies['/api/v1/user/factor/enroll/phone']).toEqual([
    { factorType: 'sms', provider: 'OKTA', phoneNumber: '+447400123456' },
  ]);
  await fill(tab, { label: 'Enter Code' }, '123456');
  await click(tab, { role: 'button', name: 'Verify' });
  await expectUrl(tab, '/profile/mfa');
  await seeText(tab, 'Activate sms successfully.');
});

test('adds a passkey where the engine’s automation offers a virtual authenticator, and says plainly where the browser has none', async ({
  tab,
  engine,
}) => {
  await serve({ record: ['/api/v1/user/passkeys'] });
  await signIn(tab, 'smwong25', '/profile/mfa/enroll/FIDO/webauthn');
  await see(tab, heading('Set up a sign-in method'));
  if (engine === 'webkit') {
    // WebKitGTK is built without Web Authentication: the page says so before anything starts.
    await seeText(tab, en['mfa.passkeys.unsupported']);
    await notSee(tab, { role: 'button', name: 'Add a passkey' });
    return;
  }
  await see(tab, { role: 'button', name: 'Add a passkey' });
  test.skip(
    !(await tab.virtualAuthenticator()),
    `${engine}: its automation here (WebDriver BiDi) has no virtual authenticator; Firefox offers one only through WebDriver classic (geckodriver), which Debian does not package`,
  );
  await click(tab, { role: 'button', name: 'Add a passkey' });
  await expectUrl(tab, '/profile/mfa');
  await seeText(tab, 'Activate webAuthn successfully.');
  // The browser's own JSON of a real credential, for the options' challenge, from the portal's origin.
  const [sent] = (await served()).bodies['/api/v1/user/passkeys'] as [{ type: string; response: { clientDataJSON: string } }];
  expect(sent.type).toBe('public-key');
  expect(JSON.parse(Buffer.from(sent.response.clientDataJSON, 'base64url').toString('utf8'))).toMatchObject({
    type: 'webauthn.create',
    challenge: '3q2-7wq8Ty1qYb2cHk3mSg',
    origin: 'http://localhost:4173',
  });
});

test('changes the password: every rule is shown, then a valid one succeeds', async ({ tab }) => {
  await serve({ record: ['/api/v1/user/credential/password'] });
  await signIn(tab, 'smwong25', '/profile/password');
  await seeText(tab, 'At least 8 characters');
  await fill(tab, { label: 'Current password' }, 'old-secret');
  await fill(tab, { label: 'New password' }, 'wong');
  await fill(tab, { label: 'Confirm new password' }, 'wong!');
  await click(tab, { role: 'button', name: 'Change password' });
  await seeText(tab, 'New password needs at least one uppercase letter.');
  await seeText(tab, "New password and Confirm New Password don't match.");

  await fill(tab, { label: 'Current password' }, 'old-secret');
  await fill(tab, { label: 'New password' }, 'Blue-Harbour-42');
  await fill(tab, { label: 'Confirm new password' }, 'Blue-Harbour-42');
  await click(tab, { role: 'button', name: 'Change password' });
  await seeText(tab, 'Password changed successfully.');
  await click(tab, { role: 'link', name: 'Go to my profile' });
  await expectUrl(tab, '/profile/details');
  expect((await served()).bodies['/api/v1/user/credential/password']).toEqual([
    { password: 'old-secret', newPassword: 'Blue-Harbour-42', confirmPassword: 'Blue-Harbour-42' },
  ]);
});

test('links iAM Smart: a fresh sign-in, the confirmation, the link', async ({ tab }) => {
  await serve({ record: ['/api/v1/user/idps/0oa1smart'] });
  await signIn(tab, 'smwong25');
  await expectUrl(tab, '/profile/details');
  await click(tab, { role: 'button', name: 'Link iAM Smart' });
  // The identity provider asks for the password again before anything is linked.
  await see(tab, heading('University sign-in'));
  await fill(tab, { label: 'Username' }, 'smwong25');
  await fill(tab, { label: 'Password' }, 'portal-dev');
  await click(tab, { role: 'button', name: 'Sign in' });

  await expectUrl(tab, '/profile');
  await see(tab, heading('Link iAM Smart to your account?'));
  expect((await served()).bodies['/api/v1/user/idps/0oa1smart']).toBeUndefined();
  // iAM Smart's token names no one: Link waits for the deliberate second step.
  await click(tab, { role: 'checkbox', name: 'I started this link myself, just now, and signed in to iAM Smart with my own account' });
  await click(tab, { role: 'button', name: 'Link' });
  await expectUrl(tab, '/idp/link/iamsmart/success');
  await seeText(tab, /^Link up Success - Now you can log on with iAM Smart/);
  expect((await served()).bodies['/api/v1/user/idps/0oa1smart']).toEqual([{ externalId: 'ext-iamsmart-5566778899' }]);
  await expectUrl(tab, new RegExp(`^${IDP}/session/end`));
});

test('a logout in one tab signs the other tab out', async ({ profile, tab }) => {
  await signIn(tab, 'smwong25');
  await see(tab, heading('Profile'));
  const other = await profile.newTab();
  await other.goto('http://localhost:4173/profile/details');
  await see(other, heading('Profile'));

  await click(tab, { role: 'button', name: 'Logout' });
  await see(other, heading('You have signed out'));
  await expectUrl(other, '/signed-out');
  // Only the mark that this page's session ended (its start time, nothing of the person) stays.
  expect(await other.evaluate<string[]>('() => Object.keys(sessionStorage)')).toEqual(['portal.endedPage']);
  expect(other.problems).toEqual([]);
});

test('two releases, each while the tab is open: the tab reloads once for each and shows the page', async ({ tab }) => {
  const loginLog = routeChunk('_authenticated/profile/login');
  const password = routeChunk('_authenticated/profile/password').replace('/assets/', '/assets/r1/');
  // Each page file the test asks for is gone before the tab is idle, when the header loads the
  // menu's pages' code: as for a person who opens it before then.
  await serve({ gone: [{ path: loginLog, untilReload: false }] });
  await signIn(tab, 'taiman.chan', '/profile/details');
  await see(tab, heading('Profile'));

  // Release 1 names every file anew; the open tab still asks for the old names, now gone.
  await serve({
    release: 1,
    gone: [
      { path: loginLog, untilReload: false },
      { path: password, untilReload: false },
    ],
  });
  await goToPreviousLogin(tab, en);
  await see(tab, heading('Previous Login'));
  await expectUrl(tab, '/profile/login');
  expect((await served()).documents).toBe(1);

  // Release 2, and another page's file of release 1 is gone. Safari's failure names no file:
  // a guard keyed on its message alone would keep this tab from ever reloading again.
  await serve({ release: 2, gone: [{ path: password, untilReload: false }] });
  await click(tab, { role: 'button', name: 'Menu' });
  await click(tab, { role: 'link', name: 'Change Password' });
  await see(tab, heading('Change Password'));
  await expectUrl(tab, '/profile/password');
  expect((await served()).documents).toBe(1);
  expectedFailuresOnly(tab, loginLog);
  expectedFailuresOnly(tab, password);
});

test('a page file gone for good: one reload, then the translated error page and a way on', async ({ tab }) => {
  const chunk = routeChunk('_authenticated/profile/login');
  // Gone before the tab is idle, when the header loads the menu's pages' code.
  await serve({ gone: [{ path: chunk, untilReload: false }] });
  await signIn(tab, 'taiman.chan', '/profile/details');
  await see(tab, heading('Profile'));
  await click(tab, { role: 'button', name: '繁體中文' });
  await see(tab, heading(zhHK['page.profile']));
  await serve({ gone: [{ path: chunk, untilReload: false }] });

  await goToPreviousLogin(tab, zhHK);
  await see(tab, heading(zhHK['error.pageTitle']));
  await seeText(tab, zhHK['error.pageBody']);
  expect((await served()).documents).toBe(1);
  await click(tab, { role: 'link', name: zhHK['notFound.back'] });
  await see(tab, heading(zhHK['page.profile']));
  await notSee(tab, heading(zhHK['error.pageTitle']));
  expectedFailuresOnly(tab, chunk);
});
