// One small page API for the three engines, each driven by a library over the protocol that
// reaches it here:
//   - Chromium and Firefox by Puppeteer (Chromium over CDP, Firefox over WebDriver BiDi): puppeteer.ts;
//   - WebKit (WebKitGTK's MiniBrowser) by WebdriverIO over WebDriver classic: webkit.ts.
// Why not one protocol: Debian packages no geckodriver, so Firefox speaks only BiDi here, and
// WebKitWebDriver 2.50 refuses a BiDi session (`webSocketUrl: true`: "Failed to match
// capabilities"). The journeys are written once against `Tab`. Elements are found in the page by
// role and accessible name with Testing Library's queries, as in the component tests, the same
// in every engine (docs/development.md says why not with the drivers' own ARIA selectors).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as TestingLibrary from '@testing-library/dom';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/** What a person means by "the Next button" (a role and its accessible name; a heading: of level 1) or "the Phone number field". */
export type Query = { role: 'heading' | 'button' | 'link' | 'combobox' | 'radio' | 'checkbox' | 'img'; name: string } | { label: string };

/** An element found on the page. */
export interface Control {
  enabled(): Promise<boolean>;
  click(): Promise<void>;
  /** Types into it, after emptying it. */
  fill(text: string): Promise<void>;
  /** Chooses the option of a native select whose text is this. */
  choose(option: string): Promise<void>;
}

/** One tab. Scripts are function sources, called with JSON arguments; they may return a promise. */
export interface Tab {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  evaluate<T>(script: string, ...args: unknown[]): Promise<T>;
  /** The first element the query finds that a person can perceive, or null. */
  find(query: Query): Promise<Control | null>;
  /** Console errors and uncaught errors seen so far (Chromium and Firefox; WebDriver classic has no log). */
  problems: string[];
  /**
   * A virtual authenticator in this tab that makes synced passkeys, where the engine's automation
   * offers one (Chromium's CDP WebAuthn domain); false where it does not (WebDriver BiDi has no
   * WebAuthn commands, and Firefox's are WebDriver classic's, through geckodriver, which Debian
   * does not package; WebKitGTK has no Web Authentication at all).
   */
  virtualAuthenticator(): Promise<boolean>;
  close(): Promise<void>;
}

/** What tabs share: cookies and local storage (a browser profile). */
export interface Context {
  newTab(): Promise<Tab>;
  close(): Promise<void>;
}

export interface EngineBrowser {
  engine: Engine;
  /** The engine's own name and version, as it reports them. */
  version: string;
  newContext(): Promise<Context>;
  close(): Promise<void>;
}

/** Testing Library's browser build, loaded into each page (WebDriver classic: the first time a query needs it). */
export const TESTING_LIBRARY = readFileSync(
  createRequire(import.meta.url).resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/** Runs in the page (sent as source): what `query` finds, or 'missing' while Testing Library is not loaded. */
export function queryInPage(query: Query): Element | null | 'missing' {
  const dom = (globalThis as { TestingLibraryDom?: typeof TestingLibrary }).TestingLibraryDom;
  if (!dom) return 'missing';
  const found =
    'label' in query
      ? dom.queryAllByLabelText(document.body, query.label).filter((element) => !dom.isInaccessible(element))
      : dom.queryAllByRole(document.body, query.role, { name: query.name, level: query.role === 'heading' ? 1 : undefined });
  return found[0] ?? null;
}
