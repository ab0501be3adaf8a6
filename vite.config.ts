/// <reference types="vitest/config" />
import { tanstackRouter, type CodeSplittingOptions } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { APP_ENTRY, chunkGroups } from './tools/vite-plugins/chunk-groups.ts';
import { compileHints } from './tools/vite-plugins/compile-hints.ts';
import { contractOperationsPlugin } from './tools/vite-plugins/contract-operations.ts';
import { mantineStyles } from './tools/vite-plugins/mantine-styles.ts';
import { securityHeaders } from './tools/deploy/headers.ts';
import { BROTLI, GZIP, PRECOMPRESSED } from './tools/deploy/precompressed.ts';
import { prefetchApp } from './tools/vite-plugins/prefetch-app.ts';
import { versionJson } from './tools/vite-plugins/version-json.ts';
import { apiProxyFor, mockExamples } from './mock/devProxy.ts';

// /api goes to the mock API (MOCK_API_PORT, 4010 by default) with the persona's Prefer header,
// or to a real backend with API_TARGET; see mock/devProxy.ts.
const apiProxy = apiProxyFor(process.env);

// The dev stack's settings (public/config.json, served as /config.json) decide which other
// origins the Content-Security-Policy of the preview server allows.
const devConfig = JSON.parse(readFileSync('public/config.json', 'utf8'));

type CodeSplitGroupings = NonNullable<CodeSplittingOptions['defaultBehavior']>;

/**
 * How the router plugin splits each route's code, in one place (docs/performance.md, "Deliberate
 * splits"). A route not named here takes the plugin's default: its page loads on first use.
 */
const SPLITS: Record<string, CodeSplitGroupings> = {
  // The signed-in layout and the first page ship with the app: their code comes with the
  // framework's, not a round trip after it.
  '/_authenticated': [],
  '/_authenticated/profile/details': [],
  // Rare pages that show only what their flow found (a link's confirmation, the identity
  // provider's instructions): the flow and the page load together, when there is one.
  '/_authenticated/profile/': [['loader', 'component']],
  '/idp/instructions': [['loader', 'component']],
};

const splitBehavior: CodeSplittingOptions['splitBehavior'] = ({ routeId }) =>
  // Any other flow (a sign-in or link step): its loader loads on the visit, and its small page,
  // which shows while the step runs, ships with the app, so it shows at once.
  SPLITS[routeId] ?? (/^\/(auth|idp)\//.test(routeId) ? [['loader']] : undefined);

export default defineConfig({
  // The router plugin must run before react() so route files are split correctly.
  plugins: [
    // Its other settings are the route generator's own, shared with `tsr generate` (tsr.config.json).
    tanstackRouter({ codeSplittingOptions: { splitBehavior } }),
    react(),
    // The copies of the hashed assets nginx serves precompressed (tools/deploy/precompressed.ts).
    compression({ ...PRECOMPRESSED, algorithms: [defineAlgorithm('brotliCompress', BROTLI), defineAlgorithm('gzip', GZIP)], logLevel: 'silent' }),
    contractOperationsPlugin(),
    mantineStyles({ root: import.meta.dirname, entry: APP_ENTRY }),
    versionJson(),
    prefetchApp(),
    // The app's file (the `app` entry below) compiled as it loads (tools/vite-plugins/compile-hints.ts).
    compileHints('app'),
    // Development only: the examples panel's choices (src/dev/); the build and preview have none.
    mockExamples(process.env),
  ],
  server: { host: 'localhost', port: 5173, strictPort: true, proxy: apiProxy },
  // The dev server scans only the portal's own entry for dependencies, not every HTML file of
  // the checkout (the offline API reference in dist-docs/ is not a page of the app).
  optimizeDeps: { entries: ['index.html'] },
  // The manifest lets the size budget and the benchmark see what each route loads.
  build: {
    manifest: true,
    // Every browser the portal supports knows <link rel="modulepreload">: no polyfill in the first code.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // index.html starts src/boot.ts, which may start the app: both are entries.
      input: { index: 'index.html', app: APP_ENTRY },
      output: {
        // See tools/vite-plugins/chunk-groups.ts.
        codeSplitting: { groups: chunkGroups(import.meta.dirname) },
      },
    },
  },
  preview: { host: 'localhost', port: 4173, strictPort: true, proxy: apiProxy, headers: securityHeaders(devConfig) },
  test: {
    restoreMocks: true,
    testTimeout: 15000,
    // Vitest's own default takes one core less than the machine has: one worker on CI's two.
    maxWorkers: '100%',
    reporters: ['default', ['junit', { outputFile: 'test-results/junit/unit.xml' }]],
    // `npm test` runs the first three projects; `npm run test:all` every one (tools/scripts/gate.ts).
    projects: [
      {
        // The component and unit tests of the app share their worker's modules: no fresh jsdom,
        // setup file imports and module graph for each file, which was half the run. The setup
        // file still runs for each file and leaves a clean state after each test.
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['./tests/support/setup.ts'],
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', 'src/**/*.isolated.test.{ts,tsx}'],
        },
      },
      {
        // A test that mocks a module other files have loaded (vi.mock), or needs the page to
        // itself (storage listeners, the error reports already sent), has a worker of its own.
        extends: true,
        test: {
          name: 'app-isolated',
          environment: 'jsdom',
          setupFiles: ['./tests/support/setup.ts'],
          include: ['src/**/*.isolated.test.{ts,tsx}'],
        },
      },
      {
        // What Node runs: the workshop's tools, the mock, the contract's own tests.
        extends: true,
        test: {
          name: 'workshop',
          environment: 'node',
          include: ['tools/**/*.test.ts', 'mock/**/*.test.ts', 'tests/contract/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'tools/deploy/**', 'tools/scripts/contract-verify/**', 'tools/scripts/contract-diff/**'],
        },
      },
      {
        // For the teams around the portal, in test:all: hosting and the container, the
        // backend verifier and its package, the breaking-change gate.
        extends: true,
        test: {
          name: 'teams',
          environment: 'node',
          include: ['tools/deploy/**/*.test.ts', 'tools/scripts/contract-verify/**/*.test.ts', 'tools/scripts/contract-diff/**/*.test.ts'],
        },
      },
    ],
  },
});
