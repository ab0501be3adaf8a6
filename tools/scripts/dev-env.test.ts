// The dev stack's settings from .env and .env.local (tools/scripts/dev-env.ts): the package's own
// scripts run in a checkout of their own (every file of this one, linked), beside its own
// .env files, and a server of the test's records where they send their calls.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './contract-verify/prism.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A checkout that is this one but for its .env files, which are the test's. */
function checkoutWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dev-env-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const entry of readdirSync('.')) {
    if (entry !== '.git' && !entry.startsWith('.env')) symlinkSync(resolve(entry), join(dir, entry));
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A server on a free port that writes down each call: method, path and Prefer header. */
async function recorder() {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url} ${req.headers.prefer ?? ''}`.trim());
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"reset":"every persona"}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  cleanups.push(() => server.close());
  return { calls, port: (server.address() as AddressInfo).port };
}

/** `npm run <script>` in `dir`, the shell having only `env` of the dev stack's variables. */
function npmRun(dir: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(MOCK_|API_TARGET$)/.test(name)));
  const child = spawn('npm', ['run', '--silent', ...args], { cwd: dir, env: { ...shell, ...env }, stdio: 'ignore', detached: true });
  cleanups.push(() => {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
  });
  return child;
}

/** Node's own client (the test setup's MSW server lets no unknown fetch through). */
const get = (url: string) =>
  new Promise<number>((done, fail) => {
    request(url, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    })
      .on('error', fail)
      .end();
  });

describe('the dev stack’s settings', () => {
  it('npm run dev reads .env, and .env.local over it', async () => {
    const backend = await recorder();
    const dir = checkoutWith({
      '.env': 'MOCK_API_PORT=1\nMOCK_PERSONA=full\n',
      '.env.local': `MOCK_API_PORT=${backend.port}\n`,
    });
    const port = await freePort();
    const dev = npmRun(dir, ['dev', '--', '--port', String(port), '--strictPort']);
    await expect
      .poll(async () => (dev.exitCode === null ? get(`http://localhost:${port}/robots.txt`).catch(() => 0) : dev.exitCode), { timeout: 30_000 })
      .toBe(200);
    expect(await get(`http://localhost:${port}/api/v1/user/profile`)).toBe(200);
    expect(backend.calls).toEqual(['GET /api/v1/user/profile example=full']);
  }, 40_000);

  it('a variable set in the shell wins over the files', async () => {
    const stateServer = await recorder();
    const dir = checkoutWith({ '.env': 'MOCK_STATE_PORT=1\n', '.env.local': 'MOCK_STATE_PORT=2\n' });
    const reset = npmRun(dir, ['mock:reset'], { MOCK_STATE_PORT: String(stateServer.port) });
    expect(await new Promise((done) => reset.on('exit', done))).toBe(0);
    expect(stateServer.calls).toEqual(['POST /__mock/reset']);
  }, 20_000);

  it('keeps .env.local out of git, and ships .env.example', () => {
    const ignored = (path: string) => {
      try {
        execFileSync('git', ['check-ignore', '-q', path]);
        return true;
      } catch {
        return false;
      }
    };
    expect(ignored('.env.local')).toBe(true);
    expect(ignored('.env.example')).toBe(false);
    expect(execFileSync('git', ['ls-files', '.env.example'], { encoding: 'utf8' }).trim()).toBe('.env.example');
  });
});
