// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createConnection } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MOCK_PORT = 4331;
const BROKEN_PORT = 4333;
const children: ChildProcess[] = [];
let broken: Server;

async function waitForPort(port: number) {
  for (let i = 0; i < 100; i += 1) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing listens on ${port}`);
}

function run(target: string, proxyPort: number, ...extra: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/contract-verify.ts', '--target', target, '--token', 'x', '--port', String(proxyPort), ...extra]);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

beforeAll(async () => {
  const mock = spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(MOCK_PORT)], { stdio: 'ignore' });
  children.push(mock);
  // A backend that breaks the contract in three different ways.
  broken = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/v1/user/profile') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"firstName":5}');
    if (path === '/api/v1/user/factor')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end('{"factors":[{"factorType":"carrier-pigeon","provider":"OKTA","status":"ACTIVE"}]}');
    if (path === '/api/v1/user/log') return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"errorMessage":"gone"}');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => broken.listen(BROKEN_PORT, '127.0.0.1', resolve));
  await waitForPort(MOCK_PORT);
}, 30_000);

afterAll(async () => {
  for (const child of children) child.kill();
  await new Promise((resolve) => broken.close(resolve));
});

describe('npm run contract:verify', () => {
  it('passes every operation against the Prism mock, with --mutating', async () => {
    const { code, out } = await run(`http://127.0.0.1:${MOCK_PORT}`, 4332, '--mutating');
    expect(out).toContain('24 passed, 0 failed, 1 skipped');
    expect(out).toMatch(/getLinkProvider\s+GET \/oauth\/provider\s+skipped\s+served by http:\/\/localhost:9000/);
    expect(code).toBe(0);
  }, 60_000);

  it('reports each violation of a broken backend, skips mutating calls without the flag, and exits 1', async () => {
    const { code, out } = await run(`http://127.0.0.1:${BROKEN_PORT}`, 4334);
    expect(code).toBe(1);
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile\s+failed\s+500\s+.*response\.body\.firstName: Response body property firstName must be string/,
    );
    expect(out).toMatch(/getProfile .*must have required property 'electronicId'/);
    expect(out).toMatch(/getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+500\s+.*factorType.*must be equal to one of the allowed values/);
    expect(out).toMatch(/getLoginLog\s+GET \/api\/v1\/user\/log\s+failed/);
    expect(out).toMatch(/updateRecoveryEmail\s+POST \/api\/v1\/user\/profile\s+skipped\s+changes data: run with --mutating/);
    expect(out).toMatch(/\d+ passed, \d+ failed, 15 skipped/);
  }, 60_000);
});
