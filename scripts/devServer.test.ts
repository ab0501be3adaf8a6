// @vitest-environment node
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, createServer } from 'vite';

/**
 * `npm start` after `npm test`: the dev server must scan only the portal's own entry for
 * dependencies. Another HTML file in the checkout (the offline API reference in dist-docs/, or
 * this probe) is not a page of the app and must not break the scan.
 */
describe('the dev server', () => {
  const probe = `scan-probe-${process.pid}`;
  afterAll(() => rmSync(probe, { recursive: true, force: true }));

  it('scans index.html only, whatever other HTML lies in the checkout', async () => {
    mkdirSync(probe, { recursive: true });
    writeFileSync(`${probe}/index.html`, '<!doctype html><script type="module">if (( {</script>');
    const errors: string[] = [];
    const logger = createLogger('silent');
    logger.error = (message) => void errors.push(String(message));
    const server = await createServer({ configFile: 'vite.config.ts', customLogger: logger, server: { port: 0, strictPort: false }, clearScreen: false });
    try {
      await server.listen();
      // Let the optimizer start its scan, then wait for it to finish.
      await expect.poll(() => server.environments.client.depsOptimizer?.scanProcessing !== undefined || errors.length > 0, { timeout: 10_000 }).toBe(true);
      await server.environments.client.depsOptimizer?.scanProcessing;
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 30_000);
});
