// What the journeys do and check, in a person's terms, over the engine-neutral Tab: each waits
// (up to 10 s, like the end-to-end suite's expect) and fails naming what it waited for.
import { test } from '@playwright/test';
import { APP_ORIGIN } from '../../scripts/dev-stack.ts';
import { CONTROL_PATH, ENGINE_HEADER, type EngineCounts, type EngineState } from './appServer.ts';
import type { Tab } from './driver.ts';
import { findInPage, optionValue, type Found, type PageQuery, type Pattern } from './inPage.ts';

export const IDP = 'http://localhost:9000';
export const DEV_PASSWORD = 'portal-dev';
const TIMEOUT = 10_000;

/** A query as a person would say it; RegExp names and texts are allowed here. */
export type Query = Omit<PageQuery, 'name' | 'text'> & { name?: string | RegExp; text?: string | RegExp };

const pattern = (value: string | RegExp | undefined): string | Pattern | undefined =>
  value instanceof RegExp ? { source: value.source, flags: value.flags } : value;

const describe = (query: Query) =>
  [
    query.role ?? (query.label !== undefined ? 'control' : 'text'),
    query.level ? `level ${query.level}` : '',
    query.name !== undefined ? `named ${String(query.name)}` : '',
    query.label !== undefined ? `labelled "${query.label}"` : '',
    query.text !== undefined ? `"${String(query.text)}"` : '',
    query.within ? `within ${query.within}` : '',
  ]
    .filter(Boolean)
    .join(' ');

let marks = 0;

/** Polls `probe` until it answers something other than null/false; a page that is navigating is tried again. */
export async function waitFor<T>(what: string | (() => string), probe: () => Promise<T | null | false>, timeout = TIMEOUT): Promise<T> {
  const until = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const answer = await probe();
      if (answer !== null && answer !== false) return answer;
      last = undefined;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until)
      throw new Error(
        `timed out after ${timeout} ms waiting for ${typeof what === 'string' ? what : what()}${last ? ` (last error: ${String(last)})` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The visible element a query finds, once there is one. */
export function see(tab: Tab, query: Query, timeout = TIMEOUT): Promise<Found> {
  const sent: PageQuery = { ...query, name: pattern(query.name), text: pattern(query.text) };
  return waitFor(describe(query), () => tab.evaluate<Found | null>(findInPage.toString(), sent, String((marks += 1))), timeout);
}

/** Waits until no visible element answers the query. */
export async function notSee(tab: Tab, query: Query) {
  const sent: PageQuery = { ...query, name: pattern(query.name), text: pattern(query.text) };
  await waitFor(`no ${describe(query)}`, async () => (await tab.evaluate<Found | null>(findInPage.toString(), sent, 'absent')) === null);
}

export async function click(tab: Tab, query: Query) {
  const found = await waitFor(`${describe(query)} to be enabled`, async () => {
    const element = await see(tab, query);
    return element.disabled ? null : element;
  });
  await tab.click(found.selector);
}

export async function fill(tab: Tab, query: Query, text: string) {
  await tab.fill((await see(tab, query)).selector, text);
}

/** Chooses the option of a select (found by the query) whose text is `label`. */
export async function choose(tab: Tab, query: Query, label: string) {
  const { selector } = await see(tab, query);
  const value = await tab.evaluate<string | null>(optionValue.toString(), selector, label);
  if (value === null) throw new Error(`no option "${label}" in ${describe(query)}`);
  await tab.select(selector, value);
}

/** Waits until the tab's address is this path of the app, or matches this pattern. */
export async function expectUrl(tab: Tab, expected: string | RegExp) {
  const wanted = typeof expected === 'string' ? `${APP_ORIGIN}${expected}` : expected;
  let seen = '';
  await waitFor(
    () => `the address ${String(wanted)} (at ${seen || 'nothing yet'})`,
    async () => {
      seen = await tab.url();
      return typeof wanted === 'string' ? seen === wanted : wanted.test(seen);
    },
  );
}

export const heading = (name: string | RegExp): Query => ({ role: 'heading', level: 1, name });

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
