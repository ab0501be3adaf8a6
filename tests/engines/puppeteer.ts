// Chromium (over CDP) and Firefox (over WebDriver BiDi), driven by Puppeteer.
import puppeteer, { type Browser, type BrowserContext, type ElementHandle } from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tools/scripts/dev-stack.ts';
import { authenticatorOptions } from '../support/virtualAuthenticator.ts';
import { queryInPage, TESTING_LIBRARY, type Control, type EngineBrowser, type Tab } from './tab.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function launchPuppeteer(engine: 'chromium' | 'firefox'): Promise<EngineBrowser> {
  const overCdp = engine === 'chromium';
  const browser: Browser =
    engine === 'firefox'
      ? await puppeteer.launch({ browser: 'firefox', executablePath: FIREFOX_PATH, headless: true })
      : await puppeteer.launch({ browser: 'chrome', executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return {
    engine,
    version: await browser.version(),
    async newContext() {
      const context = await browser.createBrowserContext();
      return { newTab: () => puppeteerTab(context, overCdp), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

async function puppeteerTab(context: BrowserContext, overCdp: boolean): Promise<Tab> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
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
  // A person acts in the tab in front (a tab in the background may not paint).
  const control = (element: ElementHandle): Control => ({
    enabled: () => element.evaluate((node) => !(node as HTMLButtonElement).disabled),
    click: async () => void (await page.bringToFront(), await element.click()),
    fill: async (text) => void (await page.bringToFront(), await element.asLocator().fill(text)),
    async choose(option) {
      const value = await element.evaluate((select, text) => [...(select as HTMLSelectElement).options].find((o) => o.text === text)?.value, option);
      if (value === undefined) throw new Error(`no option "${option}"`);
      await element.select(value);
    },
  });
  return {
    problems,
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    url: async () => page.url(),
    evaluate: <T>(script: string, ...args: unknown[]) => page.evaluate(`(${script})(...${JSON.stringify(args)})`) as Promise<T>,
    async find(query) {
      // A page has Testing Library from the first query that finds it missing.
      const script = `(${queryInPage.toString()})(${JSON.stringify(query)})`;
      let found = await page.evaluateHandle(script);
      if (!found.asElement() && (await found.jsonValue()) === 'missing') found = await page.evaluateHandle(`${TESTING_LIBRARY};\n${script}`);
      const element = found.asElement();
      return element ? control(element as ElementHandle) : null;
    },
    async virtualAuthenticator() {
      if (!overCdp) return false;
      const cdp = await page.createCDPSession();
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', { options: authenticatorOptions('synced') });
      return true;
    },
    close: () => page.close(),
  };
}
