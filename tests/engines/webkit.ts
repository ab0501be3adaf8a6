// WebKit (WebKitGTK's MiniBrowser) through WebKitWebDriver, driven by WebdriverIO over WebDriver
// classic. Each profile is a session of its own.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { remote, type Selector } from 'webdriverio';
import { freePort } from '../../tools/scripts/contract-verify/prism.ts';
import { queryInPage, TESTING_LIBRARY, type Control, type EngineBrowser, type Tab } from './tab.ts';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** How long a MiniBrowser may take to open; one that takes longer has hung, not started slowly. */
const SESSION_START_MS = 20_000;

type Browser = Awaited<ReturnType<typeof remote>>;

// A constant, not written in the call: WebdriverIO's types know no WebKitGTK capability.
const CAPABILITIES = {
  'wdio:enforceWebDriverClassic': true,
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
};

/** WebKitWebDriver in a virtual display (MiniBrowser needs one), in a process group of its own. */
async function startDriver(): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', WEBKIT_DRIVER_PATH, `--port=${port}`], { detached: true, stdio: 'ignore' });
  const stop = () => {
    try {
      if (driver.pid) process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  for (let tries = 0; !(await fetch(`http://127.0.0.1:${port}/status`).catch(() => null))?.ok; tries += 1) {
    if (tries > 100) {
      stop();
      throw new Error('webkit: WebKitWebDriver did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, stop };
}

/** A session: one MiniBrowser with an ephemeral profile. */
async function openSession(port: number): Promise<Browser> {
  const browser = await remote({
    hostname: '127.0.0.1',
    port,
    logLevel: 'silent',
    // A failed command fails at once: the journeys wait for the page themselves (ui.ts).
    connectionRetryCount: 0,
    // Also the limit of every later command: none of the journeys' takes a second.
    connectionRetryTimeout: SESSION_START_MS,
    capabilities: CAPABILITIES,
  });
  await browser.setWindowSize(1280, 800);
  return browser;
}

export async function launchWebKit(): Promise<EngineBrowser> {
  for (const file of [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH]) {
    if (!existsSync(file)) throw new Error(`webkit: ${file} is missing (Debian: apt-get install webkit2gtk-driver xvfb)`);
  }
  let driver = await startDriver();
  // Under load a MiniBrowser now and then never answers its driver, which then waits for it
  // forever (seen in CI: a test's set-up stalled its whole minute). Such a start is abandoned
  // after SESSION_START_MS, and a new driver, in a new display, opens the browser again.
  const newSession = async () => {
    try {
      return await openSession(driver.port);
    } catch (error) {
      console.log(`webkit: ${String(error)}; starting WebKitWebDriver again`);
      driver.stop();
      driver = await startDriver();
      return openSession(driver.port);
    }
  };
  // The first session, opened to read the version, serves the first test.
  let first: Browser | undefined = await newSession();
  const version = `${first.capabilities.browserName} ${first.capabilities.browserVersion}`;
  return {
    engine: 'webkit',
    version,
    async newContext() {
      const browser = first ?? (await newSession());
      first = undefined;
      const windows = { first: await browser.getWindowHandle(), used: false, current: '' };
      return {
        async newTab() {
          const handle = windows.used ? (await browser.createWindow('tab')).handle : windows.first;
          windows.used = true;
          return webKitTab(browser, handle, windows);
        },
        close: async () => void (await browser.deleteSession().catch(() => undefined)),
      };
    },
    close: async () => driver.stop(),
  };
}

function webKitTab(browser: Browser, handle: string, windows: { current: string }): Tab {
  // Commands go to the session's current window: each tab switches to itself first.
  const here = async () => {
    if (windows.current !== handle) await browser.switchToWindow(handle);
    windows.current = handle;
    return browser;
  };
  return {
    problems: [],
    goto: async (url) => void (await (await here()).url(url)),
    url: async () => (await here()).getUrl(),
    evaluate: async <T>(script: string, ...args: unknown[]) => (await here()).execute(`return (${script})(...${JSON.stringify(args)})`) as Promise<T>,
    async find(query) {
      // A page has Testing Library from the first query that finds it missing.
      const script = `return (${queryInPage.toString()})(${JSON.stringify(query)})`;
      let found = await (await here()).execute(script);
      if (found === 'missing') found = await browser.execute(`${TESTING_LIBRARY};\n${script}`);
      if (!found) return null;
      // An element comes back as WebDriver's reference to it, which WebdriverIO takes as a selector.
      const element = await browser.$(found as Selector);
      const control: Control = {
        enabled: () => element.isEnabled(),
        click: async () => void (await here(), await element.click()),
        fill: async (text) => void (await here(), await element.setValue(text)),
        choose: async (option) => void (await here(), await element.selectByVisibleText(option)),
      };
      return control;
    },
    // WebKitWebDriver 2.50 answers the WebAuthn extension's commands with "unknown command".
    virtualAuthenticator: async () => false,
    async close() {
      await (await here()).closeWindow();
      windows.current = '';
    },
  };
}
