// The dev server's /api: to the mock on MOCK_API_PORT with the persona's Prefer header, or to
// a real backend with API_TARGET (and nothing added); and the examples panel's choices.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiProxyFor } from './devProxy.ts';
import { devAccessToken } from './persona.ts';

const servers: Server[] = [];
let dev: ChildProcess | undefined;

/** A server on a port the system gives. */
async function listen(server: Server) {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A backend that writes down what reaches it. */
async function recorder() {
  const calls: { url: string; headers: IncomingHttpHeaders }[] = [];
  const port = await listen(
    createHttpServer((req, res) => {
      calls.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    }),
  );
  return { calls, port };
}

/** The dev server as `npm start` runs it, with these variables, on a free port. */
async function startDev(env: { MOCK_API_PORT?: string; API_TARGET?: string }) {
  const probe = createHttpServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.MOCK_API_PORT) delete childEnv.MOCK_API_PORT;
  if (!env.API_TARGET) delete childEnv.API_TARGET;
  dev = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', String(port), '--strictPort'], { env: childEnv, stdio: 'ignore' });
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (dev.exitCode !== null) throw new Error(`vite exited (${dev.exitCode})`);
    if (
      await http(`${base}/robots.txt`).then(
        () => true,
        () => false,
      )
    )
      return base;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the dev server did not answer');
}

/** Node's own client: the test setup's MSW server lets no unknown fetch through. */
function http(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const smwong25 = `Bearer ${devAccessToken('smwong25')}`;
const choose = (base: string, operationId: string, value: string | null) =>
  http(`${base}/__mock/examples`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ operationId, value }) });

afterEach(() => {
  dev?.kill();
  dev = undefined;
});
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('API_TARGET', () => {
  it.each([
    ['https://api.test.example.edu.hk', true],
    ['http://127.0.0.1:8080', true],
    ['http://localhost:8080', true],
    ['http://api.localhost:8080', true],
    ['http://[::1]:8080', true],
    ['http://api.test.example.edu.hk', false],
    ['http://192.168.1.20:8080', false],
    ['http://127.0.0.1.nip.io:8080', false],
    ['ftp://api.test.example.edu.hk', false],
  ])('%s: taken %s (the bearer token travels over plain http only on this machine)', (target, taken) => {
    const proxy = () => apiProxyFor({ API_TARGET: target });
    if (taken) expect(proxy()['/api']).toMatchObject({ target: new URL(target).origin });
    else expect(proxy).toThrow(/API_TARGET must/);
  });
});

describe('the dev server’s /api', () => {
  it('goes to the mock on MOCK_API_PORT, adding the signed-in dev user’s persona, and follows the examples panel', async () => {
    const mock = await recorder();
    const base = await startDev({ MOCK_API_PORT: String(mock.port) });
    await http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25 } });
    expect(mock.calls.at(-1)?.headers.prefer).toBe('example=new-user');

    // The panel lists the contract's answers, and chooses one for a single operation.
    const list = JSON.parse((await http(`${base}/__mock/examples`)).text);
    const factors = list.find((op: { operationId: string }) => op.operationId === 'enrollPhoneFactor');
    expect(factors.request).toBe('POST /api/v1/user/factor/enroll/phone');
    expect(factors.choices.map((c: { value: string }) => c.value)).toEqual(
      expect.arrayContaining(['example=new-user', 'example=okta-sms', 'code=400', 'code=401', 'code=500', 'slow', 'no-status']),
    );
    expect(factors.choices).toContainEqual({ value: 'example=okta-sms', label: "200 okta-sms (Okta's own answer)" });
    const chosen = JSON.parse((await choose(base, 'getProfile', 'code=500')).text);
    expect(chosen.find((op: { operationId: string }) => op.operationId === 'getProfile').active).toBe('code=500');
    await http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25 } });
    expect(mock.calls.at(-1)?.headers.prefer).toBe('code=500');
    // Other operations keep the persona's answer, and a test's own Prefer still wins.
    await http(`${base}/api/v1/user/factor`, { headers: { Authorization: smwong25 } });
    expect(mock.calls.at(-1)?.headers.prefer).toBe('example=new-user');
    await http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25, Prefer: 'example=full' } });
    expect(mock.calls.at(-1)?.headers.prefer).toBe('example=full');

    // No status: the connection drops, and nothing reaches the mock.
    await choose(base, 'getProfile', 'no-status');
    const calls = mock.calls.length;
    await expect(http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25 } })).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(mock.calls.length).toBe(calls);
    // Slow: the usual answer, late.
    await choose(base, 'getProfile', 'slow');
    const started = Date.now();
    expect((await http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25 } })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    // A page on another site chooses nothing: a simple (text/plain) POST, or one from its origin.
    const crossSite: Record<string, string>[] = [
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const body = JSON.stringify({ operationId: 'getProfile', value: 'code=500' });
      expect((await http(`${base}/__mock/examples`, { method: 'POST', headers, body })).status).toBe(403);
    }
    expect((await http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25 } })).status).toBe(200);
    // Back to the usual answer; an answer the contract lacks is refused.
    await choose(base, 'getProfile', null);
    expect((await choose(base, 'getProfile', 'example=nobody')).status).toBe(400);
    await http(`${base}/api/v1/user/profile`, { headers: { Authorization: smwong25 } });
    expect(mock.calls.at(-1)?.headers.prefer).toBe('example=new-user');
  }, 30_000);

  it('goes to the backend API_TARGET names, as the browser sent it, with no mock answers to choose', async () => {
    const backend = await recorder();
    const base = await startDev({ API_TARGET: `http://127.0.0.1:${backend.port}` });
    await http(`${base}/api/v1/user/profile?x=1`, { headers: { Authorization: smwong25 } });
    expect(backend.calls).toHaveLength(1);
    expect(backend.calls[0]).toMatchObject({ url: '/api/v1/user/profile?x=1', headers: { authorization: smwong25 } });
    expect(backend.calls[0]?.headers.prefer).toBeUndefined();
    expect((await http(`${base}/__mock/examples`)).status).toBe(409);
  }, 30_000);
});
