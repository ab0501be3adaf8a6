/// <reference types="vitest/config" />
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type ProxyOptions } from 'vite';
// @ts-expect-error plain JavaScript module of the mock stack
import { preferFor } from './mock/persona.mjs';

const MOCK_API = 'http://127.0.0.1:4010';

/** /api goes to the Prism mock, with the persona chosen as mock/persona.mjs explains. */
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

/**
 * The headers the production build is served with (the preview server applies them, so the
 * end-to-end tests run under them): no inline or foreign scripts, no framing, no sniffing.
 */
export function securityHeaders(identityProvider: string): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${identityProvider}`,
    `form-action 'self' ${identityProvider}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}

const env = loadEnv('production', process.cwd(), 'VITE_');

export default defineConfig({
  // The router plugin must run before react() so route files are split correctly.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: { host: 'localhost', port: 5173, strictPort: true, proxy: apiProxy },
  // The manifest lets the size budget and the benchmark see what each route loads.
  build: { manifest: true },
  preview: { host: 'localhost', port: 4173, strictPort: true, proxy: apiProxy, headers: securityHeaders(env.VITE_OIDC_AUTHORITY ?? '') },
  test: {
    environment: 'jsdom',
    setupFiles: ['./tests/support/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.ts', 'mock/**/*.test.ts'],
    restoreMocks: true,
    testTimeout: 15000,
  },
});
