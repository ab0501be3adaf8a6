// One small page API for the three engines, over the two protocols that reach them here:
//   - Chromium and Firefox through Puppeteer (Chromium over CDP, Firefox over WebDriver BiDi);
//   - WebKit (WebKitGTK's MiniBrowser) through W3C WebDriver classic, spoken by WebKitWebDriver.
// Why not one protocol: Debian packages no geckodriver, so Firefox speaks only BiDi here, and
// WebKitWebDriver 2.50 refuses a BiDi session (`webSocketUrl: true`: "Failed to match
// capabilities"). So the journeys are written once against `Tab`, and only this file knows
// which protocol carries a command. Elements are found in the page by role and name
// (inPage.ts, the same code in every engine), then clicked and typed into natively.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer, { type Browser as PuppeteerBrowser, type BrowserContext, type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/dev-stack.ts';

export type Engine = 'chromium' | 'firefox' | 'webkit';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** One tab. Scripts are function sources, called with JSON arguments; they may return a promise. */
export interface Tab {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  reload(): Promise<void>;
  evaluate<T>(script: string, ...args: unknown[]): Promise<T>;
  /** Clicks the element a CSS selector finds, as a person would (scrolled into view, pointer events). */
  click(selector: string): Promise<void>;
  /** Types into the element a CSS selector finds, after emptying it. */
  fill(selector: string, text: string): Promise<void>;
  /** Chooses an option of a native select by its value. */
  select(selector: string, value: string): Promise<void>;
  /** Console errors and uncaught errors seen so far (Chromium and Firefox; WebDriver classic has no log). */
  problems: string[];
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

export function launch(engine: Engine): Promise<EngineBrowser> {
  return engine === 'webkit' ? launchWebKit() : launchPuppeteer(engine);
}

// ---- Chromium and Firefox: Puppeteer --------------------------------------------------------

async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const browser: PuppeteerBrowser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true })
      : await puppeteer.launch({ browser: 'chrome', executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return {
    engine,
    version: await browser.version(),
    async newContext() {
      const context = await browser.createBrowserContext();
      return { newTab: () => puppeteerTab(context), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

async function puppeteerTab(context: BrowserContext): Promise<Tab> {
  const page: Page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const problems: string[] = [];
  // An error logged as an object cannot be read once its page has gone (a logout, a reload):
  // the page logs its text with it.
  await page.evaluateOnNewDocument(() => {
    const log = console.error.bind(console);
    console.error = (...args: unknown[]) => log(...args.map((arg) => (arg instanceof Error ? `${arg.name}: ${arg.message}` : arg)));
  });
  page.on('console', async (message) => {
    if (message.type() !== 'error') return;
    // console.error(error) reads "JSHandle@error": each argument's own text instead.
    const texts = await Promise.all(
      message
        .args()
        .map((arg) => arg.evaluate((value) => (value instanceof Error ? `${value.name}: ${value.message}` : String(value))).catch(() => '?')),
    );
    // A message of the browser's own (a failed load) has no arguments: its text and address.
    const own = `${message.text()} ${message.location().url ?? ''}`;
    problems.push(texts.length > 0 && texts.some((text) => text !== 'undefined') ? texts.join(' ') : own);
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  return {
    problems,
    async goto(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    url: async () => page.url(),
    async reload() {
      await page.reload({ waitUntil: 'load' });
    },
    evaluate: <T>(script: string, ...args: unknown[]) => page.evaluate(`(${script})(...${JSON.stringify(args)})`) as Promise<T>,
    // A person acts in the tab in front (a tab in the background may not paint).
    async click(selector) {
      await page.bringToFront();
      await page.click(selector);
    },
    async fill(selector, text) {
      await page.bringToFront();
      await page.locator(selector).fill(text);
    },
    async select(selector, value) {
      await page.select(selector, value);
    },
    close: () => page.close(),
  };
}

// ---- WebKit: W3C WebDriver classic ----------------------------------------------------------

const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** WebKitWebDriver in a virtual display (MiniBrowser needs one), in a process group of its own. */
async function startWebKitDriver(): Promise<{ base: string; stop(): void }> {
  const port = await freePort();
  const driver: ChildProcess = spawn('xvfb-run', ['-a', WEBKIT_DRIVER_PATH, `--port=${port}`], { detached: true, stdio: 'ignore' });
  const stop = () => {
    if (driver.pid) {
      try {
        process.kill(-driver.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  };
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/status`)).ok) return { base, stop };
    } catch {
      if (tries > 100) {
        stop();
        throw new Error('webkit: WebKitWebDriver did not start');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** How long a MiniBrowser may take to open; one that takes longer has hung, not started slowly. */
const SESSION_START_MS = 20_000;

async function launchWebKit(): Promise<EngineBrowser> {
  for (const file of [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH]) {
    if (!existsSync(file)) throw new Error(`webkit: ${file} is missing (Debian: apt-get install webkit2gtk-driver xvfb)`);
  }
  let driver = await startWebKitDriver();
  // Under load a MiniBrowser now and then never answers its driver, and the driver then waits
  // for it forever (seen once in CI: a test's set-up stalled its whole minute). Such a start is
  // abandoned: the driver and its display are replaced, and the new one opens the browser.
  const newSession = async (): Promise<WebDriverSession> => {
    try {
      return await newWebDriverSession(driver.base, SESSION_START_MS);
    } catch (error) {
      console.log(`webkit: ${String(error)}; starting WebKitWebDriver again`);
      driver.stop();
      driver = await startWebKitDriver();
      try {
        return await newWebDriverSession(driver.base, SESSION_START_MS);
      } catch (again) {
        // The next test starts another driver (its first try fails fast on a stopped one).
        driver.stop();
        throw again;
      }
    }
  };
  const first = await newSession();
  const version = `${first.capabilities.browserName} ${first.capabilities.browserVersion}`;
  await first.end();
  return {
    engine: 'webkit',
    version,
    async newContext() {
      // A session is one MiniBrowser with an ephemeral profile: the tests' contexts share nothing.
      const session = await newSession();
      return {
        async newTab() {
          if (!session.used) {
            session.used = true;
            return webDriverTab(session, session.firstWindow);
          }
          const { handle } = await session.command<{ handle: string }>('POST', '/window/new', { type: 'tab' });
          return webDriverTab(session, handle);
        },
        close: () => session.end(),
      };
    },
    async close() {
      driver.stop();
    },
  };
}

interface WebDriverSession {
  capabilities: Record<string, string>;
  firstWindow: string;
  used: boolean;
  current: string;
  command<T>(method: string, path: string, body?: unknown): Promise<T>;
  end(): Promise<void>;
}

/** The longest a command may take: an async script has 30 s (the session's script timeout). */
const COMMAND_MS = 45_000;

async function newWebDriverSession(base: string, startMs: number): Promise<WebDriverSession> {
  const call = async <T>(method: string, path: string, body?: unknown, ms = COMMAND_MS): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(body),
      signal: AbortSignal.timeout(ms),
    });
    const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (!response.ok) throw new Error(`webkit: ${method} ${path}: ${answer.value.error}: ${answer.value.message}`);
    return answer.value;
  };
  const created = await call<{ sessionId: string; capabilities: Record<string, string> }>(
    'POST',
    '/session',
    {
      capabilities: {
        alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] }, timeouts: { script: 30_000 } },
      },
    },
    startMs,
  );
  const prefix = `/session/${created.sessionId}`;
  const session: WebDriverSession = {
    capabilities: created.capabilities,
    firstWindow: await call<string>('GET', `${prefix}/window`),
    used: false,
    current: '',
    command: (method, path, body) => call(method, `${prefix}${path}`, body),
    end: async () => void (await call('DELETE', prefix, undefined, 15_000).catch(() => undefined)),
  };
  session.current = session.firstWindow;
  await session.command('POST', '/window/rect', { width: 1280, height: 800 }).catch(() => undefined);
  return session;
}

function webDriverTab(session: WebDriverSession, handle: string): Tab {
  // Commands go to the session's current window: each tab switches to itself first.
  const command = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    if (session.current !== handle) {
      await session.command('POST', '/window', { handle });
      session.current = handle;
    }
    return session.command<T>(method, path, body);
  };
  const element = async (selector: string) =>
    (await command<Record<string, string>>('POST', '/element', { using: 'css selector', value: selector }))[ELEMENT];
  return {
    problems: [],
    goto: async (url) => void (await command('POST', '/url', { url })),
    url: () => command<string>('GET', '/url'),
    reload: async () => void (await command('POST', '/refresh')),
    async evaluate<T>(script: string, ...args: unknown[]) {
      const result = await command<{ ok: T } | { error: string }>('POST', '/execute/async', {
        script: `const done = arguments[arguments.length - 1];
          Promise.resolve().then(() => (${script})(...${JSON.stringify(args)})).then((ok) => done({ ok: ok === undefined ? null : ok }), (e) => done({ error: String(e) }));`,
        args: [],
      });
      if ('error' in result) throw new Error(result.error);
      return result.ok;
    },
    click: async (selector) => void (await command('POST', `/element/${await element(selector)}/click`)),
    async fill(selector, text) {
      const id = await element(selector);
      await command('POST', `/element/${id}/clear`);
      await command('POST', `/element/${id}/value`, { text });
    },
    async select(selector, value) {
      await this.click(`${selector} option[value="${value}"]`);
    },
    async close() {
      await command('DELETE', '/window');
      session.current = '';
    },
  };
}
