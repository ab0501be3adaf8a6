import { test as base, expect } from '@playwright/test';

/**
 * Every end-to-end test fails when the portal sends a request that breaks openapi.yaml:
 * Prism (run with --errors) marks such answers with an `sl-violations` header.
 */
export const test = base.extend<{ contractGuard: void }>({
  contractGuard: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('response', (response) => {
        const found = response.headers()['sl-violations'];
        if (found) violations.push(`${response.request().method()} ${new URL(response.url()).pathname}: ${found}`);
      });
      await use();
      expect(violations, 'requests or responses that break openapi.yaml').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
