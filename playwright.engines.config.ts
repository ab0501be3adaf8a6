import { defineConfig } from '@playwright/test';
import { STACK, TEST_API_PORT, webServer } from './tools/scripts/dev-stack.ts';

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
  // The console's list, and a JUnit report for CI (tools/scripts/gate.ts checks it is written).
  reporter: [['list'], ['junit', { outputFile: 'test-results/junit/engines.xml' }]],
  outputDir: 'test-results/engines',
  forbidOnly: CI,
  // WebKitGTK's MiniBrowser now and then loses its page ("session deleted because of page crash
  // or hang", once in about ten runs, leaving for the identity provider): in CI a WebKit test
  // that fails gets one more try in a new browser, and the report names it flaky.
  projects: (['chromium', 'firefox', 'webkit'] as const).map((engine) => ({
    name: engine,
    use: { engine },
    retries: CI && engine === 'webkit' ? 1 : 0,
  })),
  webServer: [
    ...STACK.filter((server) => server.name !== 'vite preview').map((server) => webServer(server, CI)),
    // The build, through a server that can make a file go missing as a release does; the
    // preview it starts sends /api to the stack's own mock API.
    webServer(
      {
        args: ['tests/engines/appServer.ts'],
        env: { MOCK_API_PORT: String(TEST_API_PORT) },
        ready: 'http://localhost:4173/robots.txt',
        shared: false,
      },
      CI,
    ),
  ],
});
