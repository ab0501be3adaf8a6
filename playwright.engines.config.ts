import { defineConfig } from '@playwright/test';
import { STACK } from './scripts/dev-stack.ts';

const CI = Boolean(process.env.CI);

/**
 * The cross-engine suite (tests/engines): the journeys a person takes, in Chromium, Firefox and
 * WebKit, from Debian's packages (see tests/engines/tab.ts for how each is driven). Playwright
 * Test is the harness only: it starts the stack, runs one project per engine, so every result
 * and failure is named by its engine, and reports. Run `npm run build` first.
 */
export default defineConfig<object, { engine: 'chromium' | 'firefox' | 'webkit' }>({
  testDir: 'tests/engines',
  // Two engines at a time, one per core of the CI machine: each project's tests run in order in
  // one worker, and the app server keeps each engine's state apart (appServer.ts).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: CI,
  projects: (['chromium', 'firefox', 'webkit'] as const).map((engine) => ({ name: engine, use: { engine } })),
  webServer: [
    ...STACK.filter((server) => server.name !== 'vite preview').map((server) => ({
      command: `node ${server.args.join(' ')}`,
      url: server.ready,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
    })),
    // The build, through a server that can make a file go missing as a release does.
    { command: 'node tests/engines/appServer.ts', url: 'http://localhost:4173/robots.txt', reuseExistingServer: false, stdout: 'ignore' as const },
  ],
});
