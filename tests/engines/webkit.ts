// WebKit (WebKitGTK's MiniBrowser) through WebKitWebDriver, driven by WebdriverIO over WebDriver
// classic. Each profile is a session of its own: one MiniBrowser with an ephemeral profile, behind
// its own WebKitWebDriver in its own virtual display (MiniBrowser needs one).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { remote, type Selector } from 'webdriverio';
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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** WebKitWebDriver in a virtual display, in a process group of its own, and a session on it. */
async function openSession(): Promise<{ browser: Browser; stop(): Promise<void> }> {
  const port = await freePort();
  const driver = spawn('xvfb-run', ['-a', WEBKIT_DRIVER_PATH, `--port=${port}`], { detached: true, stdio: 'ignore' });
  const kill = () => {
    try {
      if (driver.pid) process.kill(-driver.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  try {
    for (let tries = 0; !(await fetch(`http://127.0.0.1:${port}/status`).catch(() => null))?.ok; tries += 1) {
      if (tries > 100) throw new Error('webkit: WebKitWebDriver did not start');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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
    return { browser, stop: async () => void (await browser.deleteSession().catch(() => undefined), kill()) };
  } catch (error) {
    kill();
    throw error;
  }
}

/**
 * Under load a MiniBrowser now and then never answers its driver, which then waits for it
 * forever (seen in CI: a test's set-up stalled its whole minute). Such a start is abandoned after
 * SESSION_START_MS, and a new driver, in a new display, opens the browser again.
 */
async function openSessionOrRetry(): ReturnType<typeof openSession> {
  try {
    return await openSession();
  } catch (error) {
    console.log(`webkit: ${String(error)}; starting WebKitWebDriver again`);
    return openSession();
  }
}

export async function launchWebKit(): Promise<EngineBrowser> {
  for (const file of [WEBKIT_DRIVER_PATH, MINIBROWSER_PATH]) {
    if (!existsSync(file)) throw new Error(`webkit: ${file} is missing (Debian: apt-get install webkit2gtk-driver xvfb)`);
  }
  const first = await openSessionOrRetry();
  const version = `${first.browser.capabilities.browserName} ${first.browser.capabilities.browserVersion}`;
  await first.stop();
  return {
    engine: 'webkit',
    version,
    async newContext() {
      const { browser, stop } = await openSessionOrRetry();
      const windows = { first: await browser.getWindowHandle(), used: false, current: '' };
      return {
        async newTab() {
          const handle = windows.used ? (await browser.createWindow('tab')).handle : windows.first;
          windows.used = true;
          return webKitTab(browser, handle, windows);
        },
        close: stop,
      };
    },
    close: async () => undefined,
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
      const run = async () => (await here()).execute(`return (${queryInPage.toString()})(${JSON.stringify(query)})`);
      let found = await run();
      if (found === 'missing') {
        await browser.execute(TESTING_LIBRARY);
        found = await run();
      }
      if (!found) return null;
      // An element comes back as WebDriver's reference to it, which WebdriverIO takes as a selector.
      const element = await browser.$(found as Selector);
      const control: Control = {
        enabled: await element.isEnabled(),
        click: async () => void (await here(), await element.click()),
        fill: async (text) => void (await here(), await element.setValue(text)),
        choose: async (option) => void (await here(), await element.selectByVisibleText(option)),
      };
      return control;
    },
    async close() {
      await (await here()).closeWindow();
      windows.current = '';
    },
  };
}
