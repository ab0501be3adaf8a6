import { defineConfig } from '@playwright/test';

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
    baseURL: 'http://localhost:4173',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'node mock/idp.mjs',
      url: 'http://localhost:9000/.well-known/openid-configuration',
      reuseExistingServer: !CI,
      stdout: 'ignore',
    },
    {
      command: 'node mock/api.mjs',
      // Prism answers 401 without a token: that is "up".
      url: 'http://127.0.0.1:4010/api/v1/user/profile',
      reuseExistingServer: !CI,
      stdout: 'ignore',
    },
    {
      command: 'node node_modules/vite/bin/vite.js preview',
      url: 'http://localhost:4173/robots.txt',
      reuseExistingServer: !CI,
      stdout: 'ignore',
    },
  ],
});
