// The browser side of the benchmark: Debian's Chromium through puppeteer-core, the real
// sign-in on the dev identity provider, and the check that the signed-in profile is shown.
// profileShown runs inside the page, hence the DOM's types.
/// <reference lib="dom" />
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { devUsers } from '../../mock/persona.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, IDP_ORIGIN } from '../scripts/dev-stack.ts';
import { fail, type Target } from './target.ts';

/** The dev user the benchmark signs in as, with what the profile shows of them. */
export interface BenchUser {
  persona: string;
  username: string;
  password: string;
  /** The header's home link once the profile has loaded (Header.tsx). */
  homeLink: string;
  /** The name the 'Personal information' box shows (PersonalInformation.tsx). */
  displayName: string;
}

export function fullPersona(): BenchUser {
  return personaUser('full');
}

/** The dev user of a persona (mock/users.json). */
export function personaUser(persona: string): BenchUser {
  const user = devUsers().find((u) => u.persona === persona);
  if (!user) fail(`mock/users.json has no user of the ${persona} persona`);
  return {
    persona,
    username: user.username,
    password: user.password,
    homeLink: `Home: ${user.given_name} ${user.family_name}`,
    displayName: user.name,
  };
}

export function launchBrowser(target: Target): Promise<Browser> {
  return puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The run's own certificate is trusted by its public key, for this browser only.
    args: ['--headless=new', ...CHROMIUM_ARGS, ...(target.spki ? [`--ignore-certificate-errors-spki-list=${target.spki}`] : [])],
    // The benchmark stops the browser itself on Ctrl-C, after which it also stops the servers.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

/** Console errors and uncaught errors of the page, reported with the results. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error instanceof Error ? error.message : String(error)}`));
  return errors;
}

/**
 * Runs in the page: the header names the person and the 'Personal information' box shows them.
 * Answers when it saw that (ms since the epoch, the clock of the browser's network events), so
 * that a journey can end at that moment rather than when Node heard of it.
 */
function profileShown(homeLink: string, displayName: string): number | false {
  const box = document.querySelector('section[aria-labelledby="personal-information"] dl');
  const home = [...document.querySelectorAll('header a[aria-label]')].some((a) => a.getAttribute('aria-label') === homeLink);
  const shown = location.pathname === '/profile/details' && home && Boolean(box?.textContent?.includes(displayName));
  return shown && performance.timeOrigin + performance.now();
}

/** Signs in from `url` on the identity provider's form; answers when the profile was shown (ms since the epoch). */
export async function signIn(page: Page, user: BenchUser, url: string): Promise<number> {
  await page.goto(url);
  await fillSignInForm(page, user);
  return assertProfileShown(page, user, 'after sign-in', 30_000);
}

/** The identity provider's form, as a person fills it; answers once the browser has left the form. */
export async function fillSignInForm(page: Page, user: BenchUser): Promise<void> {
  await page.locator('h1::-p-text(University sign-in)').setTimeout(15_000).wait();
  if (!page.url().startsWith(`${IDP_ORIGIN}/interaction/`)) fail(`the portal did not send the browser to the identity provider: ${page.url()}`);
  await page.locator('::-p-aria([name="Username"][role="textbox"])').fill(user.username);
  await page.locator('::-p-aria([name="Password"][role="textbox"])').fill(user.password);
  await Promise.all([page.waitForNavigation(), page.locator('::-p-aria([name="Sign in"][role="button"])').click()]);
}

/** Waits for the signed-in profile; answers when the page saw it (ms since the epoch). */
export async function assertProfileShown(page: Page, user: BenchUser, when: string, timeout = 5000): Promise<number> {
  try {
    const handle = await page.waitForFunction(profileShown, { timeout, polling: 'mutation' }, user.homeLink, user.displayName);
    return (await handle.jsonValue()) as number;
  } catch {
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 300)).catch((error) => String(error));
    fail(`${when}: the signed-in profile of ${user.username} is not shown (at ${page.url()}): ${JSON.stringify(text)}`);
  }
}
