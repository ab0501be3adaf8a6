import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BROTLI_MODULE, NGINX, OPENSSL, selfSignedCertificate, startNginx, writeNginxConf } from '../../tools/deploy/local-nginx.ts';
import { TEST_API_PORT } from '../../tools/scripts/dev-stack.ts';
import { versionProblems } from '../../tools/deploy/version-check.ts';
import { expect, test } from '../e2e/fixtures';
import { signIn, watchConsole } from '../e2e/support';

/**
 * The production build hosted the documented way: nginx with the server block that
 * tools/deploy/nginx-conf.ts writes, in front of dist/ and (for /api) the Prism mock; once plain
 * on port 4180, once with TLS and HTTP/2 on 4181.
 */
const PORT = 4180;
const TLS_PORT = 4181;
/** Plain HTTP beside the TLS server, which only redirects to it. */
const REDIRECT_PORT = 4182;
const ORIGIN = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);

async function waitForNginx(url: string) {
  await expect.poll(async () => (await fetch(url).catch(() => undefined))?.status, { timeout: 10_000 }).toBe(200);
}

const running = (server: ChildProcess | undefined): server is ChildProcess =>
  server !== undefined && server.exitCode === null && server.signalCode === null;

function stop(nginx: ChildProcess | undefined) {
  if (!running(nginx)) return Promise.resolve();
  const exited = new Promise((done) => nginx.once('exit', done));
  nginx.kill('SIGQUIT');
  return exited;
}

/** An HTTP/2 session over TLS that trusts only the test's own certificate for portal.localhost. */
async function connectWhenUp(port: number, ca: Buffer, nginx: ChildProcess | undefined, dir: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (!running(nginx)) throw new Error(`nginx stopped: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    const session = connect(`https://127.0.0.1:${port}`, { ca, servername: 'portal.localhost' });
    const up = await new Promise<boolean>((done) => {
      session.once('connect', () => done(true));
      session.once('error', () => done(false));
    });
    if (up) return session;
    session.destroy();
    if (Date.now() > deadline) throw new Error(`nginx did not answer on port ${port}: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

const entryScript = () => readdirSync('dist/assets').find((name) => /^index-.*\.js$/.test(name));

test.describe('the build hosted by nginx', () => {
  test.skip(!NGINX && !CI, 'nginx is not installed (apt-get install nginx-light); CI installs it');
  let nginx: ChildProcess | undefined;
  let tlsNginx: ChildProcess | undefined;
  const config = () => JSON.parse(readFileSync(join('dist', 'config.json'), 'utf8'));
  // Each nginx runs from a folder of its own (the TLS one holds a private key): removed afterwards.
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };

  test.beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is not installed: .ci/run installs nginx-light');
    const dir = folder('portal-nginx-');
    const { conf } = writeNginxConf(dir, {
      config: config(),
      root: resolve('dist'),
      listen: `127.0.0.1:${PORT}`,
      apiUpstream: `http://127.0.0.1:${TEST_API_PORT}`,
    });
    nginx = startNginx(dir, conf);
    await waitForNginx(`${ORIGIN}/config.json`);
  });

  test.afterAll(async () => {
    await Promise.all([stop(nginx), stop(tlsNginx)]);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  test('serves every route with the security headers and the right caching', async ({ request }) => {
    const entry = entryScript();
    const answers = {
      '/': await request.get(`${ORIGIN}/`),
      '/profile/details': await request.get(`${ORIGIN}/profile/details`),
      asset: await request.get(`${ORIGIN}/assets/${entry}`),
      '/config.json': await request.get(`${ORIGIN}/config.json`),
    };
    for (const [path, answer] of Object.entries(answers)) {
      expect(answer.status(), path).toBe(200);
      const headers = answer.headers();
      expect(headers['content-security-policy'], path).toContain("script-src 'self';");
      expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(headers['content-security-policy'], path).toContain("connect-src 'self' http://localhost:9000");
      expect(headers['strict-transport-security'], path).toContain('max-age=31536000');
      expect(headers['referrer-policy'], path).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(headers['cross-origin-resource-policy'], path).toBe('same-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
    // Any path of the app answers with the app itself.
    expect(await answers['/profile/details'].text()).toContain('<div id="root"></div>');
    expect(answers.asset.headers()['cache-control']).toContain('immutable');
    expect(answers['/config.json'].headers()['cache-control']).toBe('no-cache');
    expect(answers['/'].headers()['cache-control']).toBe('no-cache');
    // Scripts go out precompressed: brotli where the module is installed (CI installs it), else gzip.
    const raw = readFileSync(`dist/assets/${entry}`);
    const br = await fetch(`${ORIGIN}/assets/${entry}`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe(BROTLI_MODULE || CI ? 'br' : 'gzip');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(Buffer.from(await br.arrayBuffer()).equals(raw)).toBe(true); // fetch decodes it
    const gzip = await fetch(`${ORIGIN}/assets/${entry}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const identity = await fetch(`${ORIGIN}/assets/${entry}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(Number(identity.headers.get('content-length'))).toBe(raw.length);
    // API answers (proxied to the mock) are never cached and never sniffed.
    const api = await request.get(`${ORIGIN}/api/v1/user/profile`, { headers: { Authorization: 'Bearer any' } });
    expect(api.status()).toBe(200);
    expect(api.headers()['cache-control']).toBe('no-store');
    expect(api.headers()['x-content-type-options']).toBe('nosniff');
    // A missing asset is a 404, not index.html served as JavaScript; the manifest stays private.
    expect((await request.get(`${ORIGIN}/assets/missing-0000.js`)).status()).toBe(404);
    expect((await request.get(`${ORIGIN}/.vite/manifest.json`)).status()).toBe(404);
  });

  test('answers /healthz itself and names the build in /version.json, neither cached', async ({ request }) => {
    const health = await request.get(`${ORIGIN}/healthz`);
    expect(health.status()).toBe(200);
    expect(health.headers()['content-type']).toMatch(/^text\/plain\b/);
    expect(health.headers()['cache-control']).toBe('no-store');
    // nginx's own answer, not index.html through the SPA fallback.
    expect(await health.text()).toBe('ok');
    const version = await request.get(`${ORIGIN}/version.json`);
    expect(version.status()).toBe(200);
    expect(version.headers()['content-type']).toContain('application/json');
    expect(version.headers()['cache-control']).toBe('no-store');
    expect(version.headers()['content-security-policy']).toContain("script-src 'self';");
    const identity = await version.json();
    expect(versionProblems(identity)).toEqual([]);
    expect(identity).toEqual(JSON.parse(readFileSync(join('dist', 'version.json'), 'utf8')));
  });

  test('signs in and shows the profile under those headers, with no CSP violation or console error', async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, 'smwong25', `${ORIGIN}/profile/details`);
    await expect(page).toHaveURL(`${ORIGIN}/profile/details`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText('smwong25@my.example.edu.hk').first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('with TLS: HTTP/2, the same headers and brotli', async () => {
    test.skip(!OPENSSL && !CI, 'openssl is not installed (apt-get install openssl); CI installs it');
    const dir = folder('portal-nginx-tls-');
    const tls = selfSignedCertificate(dir, 'portal.localhost');
    const { conf } = writeNginxConf(dir, {
      config: config(),
      root: resolve('dist'),
      listen: `127.0.0.1:${TLS_PORT}`,
      httpListen: `127.0.0.1:${REDIRECT_PORT}`,
      serverName: 'portal.localhost',
      tls,
    });
    tlsNginx = startNginx(dir, conf);
    const session = await connectWhenUp(TLS_PORT, readFileSync(tls.certificate), tlsNginx, dir);
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
        const stream = session.request({ ':path': path, ':authority': 'portal.localhost', ...headers });
        const chunks: Buffer[] = [];
        stream.on('response', (answer) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => done({ headers: answer, body: Buffer.concat(chunks) }));
        });
        stream.on('error', fail);
      });
    try {
      const page = await get('/profile/details');
      expect(page.headers[':status']).toBe(200);
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(String(page.headers['strict-transport-security'])).toContain('max-age=31536000');
      const entry = entryScript();
      const asset = await get(`/assets/${entry}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(asset.headers[':status']).toBe(200);
      expect(asset.headers['content-encoding']).toBe(BROTLI_MODULE || CI ? 'br' : 'gzip');
      expect(asset.headers['vary']).toBe('Accept-Encoding');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(asset.headers['content-security-policy'])).toContain("script-src 'self';");
      const inflate = asset.headers['content-encoding'] === 'br' ? brotliDecompressSync : gunzipSync;
      expect(inflate(asset.body).equals(readFileSync(`dist/assets/${entry}`))).toBe(true);
      // Plain HTTP only sends the browser to HTTPS, to the same address.
      const plain = await new Promise<IncomingMessage>((done, fail) =>
        httpGet({ host: '127.0.0.1', port: REDIRECT_PORT, path: '/profile/details?x=1', headers: { Host: 'portal.localhost' } }, done).on(
          'error',
          fail,
        ),
      );
      plain.resume();
      expect(plain.statusCode).toBe(301);
      expect(plain.headers.location).toBe(`https://portal.localhost:${TLS_PORT}/profile/details?x=1`);
    } finally {
      session.close();
    }
  });
});
