import { test as base, expect } from '@playwright/test';
import type { Context, Engine, EngineBrowser, Tab } from './tab.ts';
import { serve, served } from './ui.ts';

/**
 * Each project of playwright.engines.config.ts names one engine; its worker starts that engine
 * once, and every test gets a fresh profile with one tab. A test fails on any
 * console error or uncaught error the engine reports (Chromium and Firefox; WebDriver classic,
 * which drives WebKit, has no console).
 */
export const test = base.extend<{ profile: Context; tab: Tab }, { engine: Engine; engineBrowser: EngineBrowser }>({
  engine: ['chromium', { option: true, scope: 'worker' }],
  engineBrowser: [
    async ({ engine }, use) => {
      // Each worker loads only the library that drives its engine.
      const browser =
        engine === 'webkit' ? await (await import('./webkit.ts')).launchWebKit() : await (await import('./puppeteer.ts')).launchPuppeteer(engine);
      console.log(`${engine}: ${browser.version}`);
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  profile: async ({ engineBrowser }, use) => {
    // Every test starts from the app server's plain state: nothing missing, the persona's answers.
    await serve({});
    const context = await engineBrowser.newContext();
    await use(context);
    await context.close();
  },
  tab: async ({ profile }, use, testInfo) => {
    const tab = await profile.newTab();
    await use(tab);
    if (testInfo.status !== testInfo.expectedStatus) {
      // What the tab showed when the test failed, for the report.
      const shown = await tab.evaluate<string>('() => location.href + "\\n" + document.body.innerText.slice(0, 1500)').catch(String);
      await testInfo.attach('tab', { body: shown, contentType: 'text/plain' });
      console.log(
        `[${testInfo.project.name}] the tab at the failure: ${shown}\n${tab.problems.join('\n')}\nserved: ${JSON.stringify(await served())}`,
      );
    }
    // Known: as the one-reload guard reloads for a file a release removed, the router reads the
    // module the guard withheld and logs a TypeError before the page goes (Firefox's wording,
    // Chromium's, or an error the driver could no longer read, '?', as the page went) (docs/development.md, "Known, not yet fixed").
    const known =
      /^(TypeError: can't access property "component", \w+ is undefined|TypeError: Cannot read properties of undefined \(reading 'component'\)|\?)$/;
    expect(
      tab.problems.filter((problem) => !known.test(problem)),
      'console errors and uncaught errors',
    ).toEqual([]);
  },
});

export { expect };
