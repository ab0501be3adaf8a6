// `npm run audit:production` against a registry of the test's own: one whose advisory service
// refuses (as this machine's registry answers: 405), and one that knows no advisory.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_DONE } from './gate.ts';

let registry: Server | undefined;
afterEach(() => registry?.close());

/** A registry whose bulk advisory endpoint answers `status` with `body`; answers its address. */
async function registryAnswering(status: number, body: string): Promise<string> {
  registry = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const advisories = req.method === 'POST' && req.url === '/-/npm/v1/security/advisories/bulk';
      res.writeHead(advisories ? status : 404, { 'Content-Type': 'application/json' }).end(advisories ? body : '{}');
    });
  });
  await new Promise<void>((done) => registry!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
}

function audit(registryUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['tools/scripts/audit.ts'], { env: { ...process.env, npm_config_registry: registryUrl } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

describe('the production audit', () => {
  it('says NOT DONE, and exits so, when the advisory service refuses', async () => {
    const { code, output } = await audit(await registryAnswering(405, '{"error":"Method Not Allowed"}'));
    expect(output).toMatch(
      /^audit: NOT DONE, the registry's advisory service did not answer \(405 .*\): the production dependencies were not checked\.$/m,
    );
    expect(code).toBe(NOT_DONE);
  }, 60_000);

  it('passes when the service knows no advisory for what the browser loads', async () => {
    const { code, output } = await audit(await registryAnswering(200, '{}'));
    expect(output).toContain('audit: production dependencies checked: 0 critical, 0 high, 0 moderate, 0 low');
    expect(code).toBe(0);
  }, 60_000);
});
