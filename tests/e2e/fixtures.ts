import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every end-to-end test fails when the portal sends a request that breaks openapi.yaml
 * (Prism, run with --errors, marks such answers with an `sl-violations` header), or when the
 * page breaks its Content-Security-Policy.
 */
export const test = base.extend<{ contractGuard: void }>({
  contractGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      watchContract(page, violations);
      await use();
      expect(violations, 'requests that break openapi.yaml, or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

/** Adds to `violations` each answer Prism marks as breaking openapi.yaml, and each CSP violation, of `page`. */
export function watchContract(page: Page, violations: string[]) {
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`CSP: ${message.text()}`);
  });
  page.on('response', (response) => {
    const found = response.headers()['sl-violations'];
    if (found) violations.push(`${response.request().method()} ${new URL(response.url()).pathname}: ${found}`);
  });
}

export { expect };
