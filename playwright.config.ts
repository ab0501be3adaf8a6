import { defineConfig } from '@playwright/test';
import { APP_ORIGIN } from './mock/origins.ts';
import { CHROMIUM_ARGS, HEADLESS_CHROMIUM_PATH, STACK, webServer } from './tools/scripts/dev-stack.ts';

const CI = Boolean(process.env.CI);

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser; its headless shell, see
 * HEADLESS_CHROMIUM_PATH) against the real stack: the dev identity provider, the Prism mock and
 * the production build served by `vite preview` (run `npm run build` first; `npm test` does).
 */
export default defineConfig({
  testDir: 'tests',
  // Two workers, one per core of the CI machine: the stack is shared and stateless (Prism
  // answers from the contract's examples; the identity provider keeps a session per browser),
  // so tests in different workers cannot see each other. A file's tests run in order in one
  // worker unless the file says otherwise; the ones that start servers of their own on fixed
  // ports (hosting.spec.ts) rely on that.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The console's list, and a JUnit report for CI (tools/scripts/gate.ts checks it is written).
  reporter: [['list'], ['junit', { outputFile: 'test-results/junit/e2e.xml' }]],
  // Traces and screenshots of failures; each suite cleans only its own folder at its start.
  outputDir: 'test-results/e2e',
  forbidOnly: CI,
  use: {
    baseURL: APP_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: HEADLESS_CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  // `npm test` runs the journeys of the pages; `npm run test:all` adds the attacker's table and
  // the stack around the app (hosting by nginx, the API reference, the mock beside npm start).
  projects: ['e2e', 'attacks', 'stack'].map((name) => ({ name, testDir: `tests/${name}`, use: { browserName: 'chromium' as const } })),
  // Its own mock API, beside `npm start`'s (tools/scripts/dev-stack.ts).
  webServer: STACK.map((server) => webServer(server, CI)),
});
