// The local stack the end-to-end tests and the benchmark run against, and how they start
// Debian's Chromium: one definition for playwright.config.ts, playwright.engines.config.ts and
// the benchmark (tools/bench/).
//
// It runs beside `npm start`, never through it: its mock API has a port of its own, because
// `npm start`'s remembers what a developer changed (mock/api.ts) and a test must see the
// contract's examples. The identity provider is the one program on 9000 (public/config.json,
// which the build carries, names it); it keeps only sign-in sessions, one per browser, so a
// test may share the one `npm start` runs.

import { existsSync } from 'node:fs';
import { APP_ORIGIN } from '../../mock/origins.ts';

export const IDP_ORIGIN = 'http://localhost:9000';
/** `npm start`'s mock API and the server behind it that remembers (mock/api.ts). */
export const DEV_API_PORT = 4010;
export const DEV_STATE_PORT = 4011;
/** The stack's own mock API: Prism's stateless mock, never `npm start`'s. */
export const TEST_API_PORT = 4110;

export interface StackServer {
  name: string;
  port: number;
  /** Node's arguments that start it, from the checkout's root. */
  args: string[];
  /** Its environment, over this process's. */
  env: Record<string, string>;
  /** An address that answers once it is up. */
  ready: string;
  /**
   * Whether a server already answering there may serve the tests (outside CI): only the
   * identity provider, which is the same program whoever started it. Any other server found
   * on its port stops the run: it may be a remembering mock, or a preview in front of one.
   */
  shared: boolean;
}

/** The mock API the stack's servers send /api to (mock/devProxy.ts reads it). */
const TEST_API = { MOCK_API_PORT: String(TEST_API_PORT) };

/** The three servers, each with the address that answers once it is up. */
export const STACK: StackServer[] = [
  { name: 'identity provider', port: 9000, args: ['mock/idp.ts'], env: {}, ready: `${IDP_ORIGIN}/.well-known/openid-configuration`, shared: true },
  // Prism answers 401 without a token: that is "up". Stateless: the tests choose each answer
  // from the contract's examples with the Prefer header, and no test sees another's changes.
  {
    name: 'mock API (Prism)',
    port: TEST_API_PORT,
    args: ['mock/api.ts', '--stateless'],
    env: TEST_API,
    ready: `http://127.0.0.1:${TEST_API_PORT}/api/v1/user/profile`,
    shared: false,
  },
  {
    name: 'vite preview',
    port: 4173,
    args: ['node_modules/vite/bin/vite.js', 'preview'],
    env: TEST_API,
    ready: `${APP_ORIGIN}/robots.txt`,
    shared: false,
  },
];

/** Playwright's webServer entry for a server of the stack. */
export function webServer(server: Pick<StackServer, 'args' | 'env' | 'ready' | 'shared'>, ci: boolean) {
  return {
    command: `node ${server.args.join(' ')}`,
    env: server.env,
    url: server.ready,
    reuseExistingServer: server.shared && !ci,
    stdout: 'ignore' as const,
  };
}

/** Debian's Chromium, never a downloaded browser: the whole browser, as people run it (the engines' suite, the bench). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * For the end-to-end suites (playwright.config.ts): Debian's `chromium-headless-shell`, the same
 * Chromium (version, Blink, V8) built without the browser's window and its own layer, which is
 * what Playwright itself runs for headless Chromium. tests/e2e, attacks and stack took 180 s in
 * it against 290 s in the whole browser (two workers, nothing else running, 2026-11-28). Where
 * it is not installed, the whole browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const HEADLESS_CHROMIUM_PATH = process.env.HEADLESS_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);
/** The flags this machine needs (its network is closed: no background connections). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
