/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type ProxyOptions } from 'vite';
import { APP_ENTRY, chunkGroups } from './deploy/chunk-groups.ts';
import { checkedConfig } from './deploy/config-check.ts';
import { contractOperationsPlugin } from './deploy/contract-operations.ts';
import { securityHeaders } from './deploy/headers.ts';
import { precompress } from './deploy/precompress.ts';
import { prefetchApp } from './deploy/prefetch-app.ts';
import { versionJson } from './deploy/version-json.ts';
import { preferFor } from './mock/persona.ts';

const MOCK_API = 'http://127.0.0.1:4010';

/** /api goes to the Prism mock, with the persona chosen as mock/persona.ts explains. */
const apiProxy: Record<string, ProxyOptions> = {
  '/api': {
    target: MOCK_API,
    changeOrigin: true,
    configure(proxy) {
      proxy.on('proxyReq', (proxyReq, req) => {
        // A test may choose a response itself (Prefer: code=500); keep its choice.
        if (req.headers.prefer) return;
        proxyReq.setHeader('Prefer', preferFor({ url: req.url ?? '/', authorization: req.headers.authorization }));
      });
    },
  },
};

// The dev stack's settings (public/config.json, served as /config.json) decide which other
// origins the Content-Security-Policy of the preview server allows.
const devConfig = JSON.parse(readFileSync('public/config.json', 'utf8'));

export default defineConfig({
  // The router plugin must run before react() so route files are split correctly.
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    precompress(),
    contractOperationsPlugin(),
    versionJson(),
    prefetchApp(),
    checkedConfig(),
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
        // See deploy/chunk-groups.ts.
        codeSplitting: { groups: chunkGroups(import.meta.dirname) },
      },
    },
  },
  preview: { host: 'localhost', port: 4173, strictPort: true, proxy: apiProxy, headers: securityHeaders(devConfig) },
  test: {
    environment: 'jsdom',
    setupFiles: ['./tests/support/setup.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/contract/**/*.test.ts',
      'mock/**/*.test.ts',
      'scripts/**/*.test.ts',
      'deploy/**/*.test.ts',
      'eslint/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    restoreMocks: true,
    testTimeout: 15000,
  },
});
