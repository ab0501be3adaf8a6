// `npm run audit:production` against a registry of the test's own: one whose advisory service
// refuses (as this machine's registry answers: 405), and one that knows no advisory. Each time
// both trees are audited: the production dependencies and the backend verifier's package.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_DONE } from './gate.ts';

let registry: Server | undefined;
/** The packages each bulk advisory request named. */
const askedFor: string[][] = [];
afterEach(() => {
  registry?.close();
  askedFor.length = 0;
});

/** A registry whose bulk advisory endpoint answers `status` with `body`; answers its address. */
async function registryAnswering(status: number, body: string): Promise<string> {
  registry = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const advisories = req.method === 'POST' && req.url === '/-/npm/v1/security/advisories/bulk';
      const sent = Buffer.concat(chunks);
      if (advisories) askedFor.push(Object.keys(JSON.parse(String(req.headers['content-encoding'] === 'gzip' ? gunzipSync(sent) : sent))));
      res.writeHead(advisories ? status : 404, { 'Content-Type': 'application/json' }).end(advisories ? body : '{}');
    });
  });
  await new Promise<void>((done) => registry!.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
}

function audit(registryUrl: string): Promise<{ code: number | null; output: string }> {
  // No retries: the refusal is the answer, and npm would wait 10 s before each of two more.
  const child = spawn(process.execPath, ['tools/scripts/audit.ts'], {
    env: { ...process.env, npm_config_registry: registryUrl, npm_config_fetch_retries: '0' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

describe('the production audit', () => {
  it('says NOT DONE, and exits so, when the advisory service refuses', async () => {
    const { code, output } = await audit(await registryAnswering(405, '{"error":"Method Not Allowed"}'));
    expect(output).toMatch(
      /^audit: NOT DONE, the registry's advisory service did not answer \(405 .*\): production dependencies and the backend verifier’s package not checked\.$/m,
    );
    expect(code).toBe(NOT_DONE);
  }, 60_000);

  it('passes when the service knows no advisory for what the browser loads', async () => {
    const { code, output } = await audit(await registryAnswering(200, '{}'));
    expect(output).toContain('audit: production dependencies checked: 0 critical, 0 high, 0 moderate, 0 low');
    expect(output).toContain('audit: the backend verifier’s package checked: 0 critical, 0 high, 0 moderate, 0 low');
    expect(code).toBe(0);
    // What the browser loads, and apart from it Prism, which only the verifier's package ships.
    expect(askedFor).toHaveLength(2);
    expect(askedFor[0]).toContain('react');
    expect(askedFor[0]).not.toContain('@stoplight/prism-cli');
    expect(askedFor[1]).toContain('@stoplight/prism-cli');
    expect(askedFor[1]).not.toContain('react');
  }, 60_000);
});
