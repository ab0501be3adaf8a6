import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, createServer } from 'vite';

/**
 * `npm start` after `npm test`: the dev server must scan only the portal's own entry for
 * dependencies. Another HTML file in the checkout (the offline API reference in dist-docs/, or
 * this probe) is not a page of the app and must not break the scan.
 */
describe('the dev server', () => {
  const probe = `scan-probe-${process.pid}`;
  // A dependency cache of its own, forced: the scan runs every time, whatever an earlier run left.
  const cacheDir = mkdtempSync(join(tmpdir(), 'portal-vite-cache-'));
  afterAll(() => {
    rmSync(probe, { recursive: true, force: true });
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('scans index.html only, whatever other HTML lies in the checkout', async () => {
    mkdirSync(probe, { recursive: true });
    writeFileSync(`${probe}/index.html`, '<!doctype html><script type="module">if (( {</script>');
    const errors: string[] = [];
    const logger = createLogger('silent');
    logger.error = (message) => void errors.push(String(message));
    const server = await createServer({
      configFile: 'vite.config.ts',
      cacheDir,
      optimizeDeps: { force: true },
      customLogger: logger,
      server: { port: 0, strictPort: false },
      clearScreen: false,
    });
    try {
      await server.listen();
      // The scan starts as the server starts listening (forced, so always); wait for it to end.
      const scanning = server.environments.client.depsOptimizer?.scanProcessing;
      expect(scanning).toBeDefined();
      await scanning;
      expect(errors).toEqual([]);
    } finally {
      await server.close();
    }
  }, 30_000);
});
