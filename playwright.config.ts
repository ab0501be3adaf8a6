import { defineConfig } from '@playwright/test';
import { APP_ORIGIN, CHROMIUM_ARGS, CHROMIUM_PATH, STACK } from './scripts/dev-stack.ts';

const CI = Boolean(process.env.CI);

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the real
 * stack: the dev identity provider, the Prism mock and the production build served by
 * `vite preview` (run `npm run build` first; `npm test` does).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: CI,
  use: {
    baseURL: APP_ORIGIN,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: STACK.map((server) => ({
    command: `node ${server.args.join(' ')}`,
    url: server.ready,
    reuseExistingServer: !CI,
    stdout: 'ignore' as const,
  })),
});
