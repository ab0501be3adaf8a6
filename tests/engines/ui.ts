// What the journeys do and check, in a person's terms, over the engine-neutral Tab. Each step is
// tried again while the page renders or navigates (Playwright Test's toPass, up to 10 s like the
// end-to-end suite's expect), and fails naming what it waited for.
import { expect, test } from '@playwright/test';
import { APP_ORIGIN } from '../../mock/origins.ts';
import { CONTROL_PATH, ENGINE_HEADER, type EngineCounts, type EngineState } from './appServer.ts';
import type { Control, Query, Tab } from './tab.ts';

export const IDP = 'http://localhost:9000';
export const DEV_PASSWORD = 'portal-dev';
/** Up to 10 s, like the end-to-end suite's expect, looking again every 50 ms. */
const WAIT = { timeout: 10_000, intervals: [50] };

const retry = (step: () => Promise<unknown>) => expect(step).toPass(WAIT);
const describe = (query: Query) => ('label' in query ? `the field "${query.label}"` : `the ${query.role} "${query.name}"`);

/** The element the query finds, once there is one. */
export async function see(tab: Tab, query: Query): Promise<Control> {
  let found = null as Control | null;
  await retry(async () => {
    found = await tab.find(query);
    expect(found, describe(query)).not.toBeNull();
  });
  return found as Control;
}

/** Waits until the query finds nothing. */
export async function notSee(tab: Tab, query: Query) {
  await retry(async () => expect(await tab.find(query), `no ${describe(query)}`).toBeNull());
}

export async function click(tab: Tab, query: Query) {
  await retry(async () => {
    const control = await tab.find(query);
    expect(await control?.enabled(), `${describe(query)}, enabled`).toBe(true);
    await control?.click();
  });
}

export async function fill(tab: Tab, query: Query, text: string) {
  await (await see(tab, query)).fill(text);
}

/** Chooses the option of a select whose text is `option`. */
export async function choose(tab: Tab, query: Query, option: string) {
  await (await see(tab, query)).choose(option);
}

/** Whether a visible element in `within` shows this text (whitespace collapsed), or one matching the pattern. Runs in the page. */
function shows(within: string, exact: string | null, source: string, flags: string): boolean {
  return Array.from(document.querySelectorAll(`${within} *`)).some((element) => {
    if (!(element instanceof HTMLElement) || !element.checkVisibility()) return false;
    const text = element.innerText.replace(/\s+/g, ' ').trim();
    return exact === null ? new RegExp(source, flags).test(text) : text === exact;
  });
}

/** Waits until an element shows exactly this text, or a text matching this pattern. */
export async function seeText(tab: Tab, text: string | RegExp, within = 'body') {
  const [exact, source, flags] = typeof text === 'string' ? [text, '', ''] : [null, text.source, text.flags];
  await retry(async () => expect(await tab.evaluate(shows.toString(), within, exact, source, flags), `the text ${String(text)}`).toBe(true));
}

/** Waits until the tab's address is this path of the app, or matches this pattern. */
export async function expectUrl(tab: Tab, expected: string | RegExp) {
  const address = expect.poll(() => tab.url(), WAIT);
  await (typeof expected === 'string' ? address.toBe(`${APP_ORIGIN}${expected}`) : address.toMatch(expected));
}

export const heading = (name: string): Query => ({ role: 'heading', name });

/** Signs in on the identity provider's own login page (in whichever language it shows). */
export async function signIn(tab: Tab, username: string, start = '/', words = { username: 'Username', password: 'Password', signIn: 'Sign in' }) {
  await tab.goto(`${APP_ORIGIN}${start}`);
  await expectUrl(tab, new RegExp(`^${IDP}/interaction/`));
  await fill(tab, { label: words.username }, username);
  await fill(tab, { label: words.password }, DEV_PASSWORD);
  await click(tab, { role: 'button', name: words.signIn });
}

/** Sets what the app's server does for this test (appServer.ts), and answers what it served since. */
export async function serve(state: Partial<EngineState>): Promise<EngineCounts> {
  const response = await fetch(`${APP_ORIGIN}${CONTROL_PATH}`, { method: 'POST', body: JSON.stringify(state), headers: engineHeader() });
  return (await response.json()) as EngineCounts;
}

export async function served(): Promise<EngineCounts> {
  return (await (await fetch(`${APP_ORIGIN}${CONTROL_PATH}`, { headers: engineHeader() })).json()) as EngineCounts;
}

/** The running test's engine (its project's name): the engines run side by side, each with its own state. */
const engineHeader = () => ({ [ENGINE_HEADER]: test.info().project.name });
