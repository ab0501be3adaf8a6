// The server block of nginx-conf.ts, served by nginx: whom its /api proxy talks to (the
// upstream's certificate, its name, SNI, the Host it is sent), what /api takes (the body's size),
// and what its access log keeps of a callback's address.
// Each case starts nginx in a folder of its own, on ports the system gives, in front of a small
// https server of the test's own with certificates from a CA the test makes (openssl).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/contract-verify/prism.ts';
import { NGINX, OPENSSL, selfSignedCertificate, startNginx, writeNginxConf } from './local-nginx.ts';

const CI = Boolean(process.env.CI);
const CONFIG = { oidcAuthority: 'https://sso.example.edu.hk/oauth2/default', oidcClientId: 'account-portal', apiBase: '' };
const folders: string[] = [];
const running: Array<ChildProcess | Server> = [];

const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-served-'));
  folders.push(dir);
  return dir;
};

function openssl(dir: string, ...args: string[]) {
  const done = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${done.stderr}`);
}

/** A key and a certificate for `subject`, signed by `issuer` (self-signed without one), with these X.509 extensions. */
function certificate(dir: string, name: string, subject: string, extensions: string, issuer?: string) {
  writeFileSync(join(dir, `${name}.ext`), extensions);
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-subj', `/CN=${subject}`];
  if (!issuer) {
    openssl(dir, 'req', '-x509', ...key, '-days', '2', '-out', `${name}.pem`, '-extensions', 'v3', '-config', writeReqConfig(dir, name, extensions));
  } else {
    openssl(dir, 'req', ...key, '-out', `${name}.csr`);
    openssl(
      dir,
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.pem`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-days',
      '2',
      '-out',
      `${name}.pem`,
      '-extfile',
      `${name}.ext`,
    );
  }
  return { key: readFileSync(join(dir, `${name}.key`)), cert: readFileSync(join(dir, `${name}.pem`), 'utf8') };
}

function writeReqConfig(dir: string, name: string, extensions: string): string {
  const file = join(dir, `${name}.cnf`);
  writeFileSync(file, `[req]\ndistinguished_name = dn\n[dn]\n[v3]\n${extensions}`);
  return file;
}

/** An https upstream on 127.0.0.1 that answers every request with JSON; the names clients asked it for (SNI), and the requests it got. */
async function upstream(tls: { key: Buffer; cert: string }) {
  const names: string[] = [];
  const requests: string[] = [];
  const headers: IncomingHttpHeaders[] = [];
  const server = createServer(tls, (request, res) => {
    requests.push(request.url ?? '');
    headers.push(request.headers);
    request.resume();
    request.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"from":"upstream"}'));
  });
  server.on('secureConnection', (socket) => names.push(String((socket as { servername?: string | false }).servername || '(none)')));
  running.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, names, requests, headers };
}

/** nginx with the portal's server block in front of `apiUpstream`; answers its origin and its access log. */
async function served(apiUpstream: string | undefined, apiCaFile?: string) {
  const dir = folder();
  const root = join(dir, 'html');
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>portal</title>');
  writeFileSync(join(root, 'config.json'), JSON.stringify(CONFIG));
  const port = await freePort();
  const accessLog = join(dir, 'access.log');
  const { conf } = writeNginxConf(dir, { config: CONFIG, root, listen: `127.0.0.1:${port}`, apiUpstream, apiCaFile, accessLog });
  running.push(startNginx(dir, conf));
  const origin = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${origin}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);
  return { origin, accessLog };
}

/** A GET with headers of the test's choosing (fetch sets Host itself): answers its status. */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
}

afterAll(() => {
  for (const thing of running) {
    if ('kill' in thing) thing.kill('SIGTERM');
    else thing.close();
  }
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!(NGINX && OPENSSL) && !CI)('the server block, served by nginx', () => {
  let pki: string;
  type Upstream = Awaited<ReturnType<typeof upstream>>;
  let good: Upstream;
  let wrongName: Upstream;
  let unknownCa: Upstream;

  beforeAll(async () => {
    expect(NGINX, 'nginx is not installed: .ci/run installs nginx-light').toBeDefined();
    expect(OPENSSL, 'openssl is not installed: .ci/run installs it').toBe(true);
    pki = folder();
    const ca = 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n';
    certificate(pki, 'root', 'Portal Test Root', ca);
    const intermediate = certificate(pki, 'intermediate', 'Portal Test Intermediate', ca, 'root');
    const server = (host: string) => `basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:${host}\n`;
    // A real chain: the leaf, then the intermediate; the CA file holds the root alone.
    const leaf = certificate(pki, 'localhost', 'localhost', server('localhost'), 'intermediate');
    const other = certificate(pki, 'wrong', 'wrong.example', server('wrong.example'), 'intermediate');
    good = await upstream({ key: leaf.key, cert: leaf.cert + intermediate.cert });
    wrongName = await upstream({ key: other.key, cert: other.cert + intermediate.cert });
    const strangerDir = folder();
    const stranger = selfSignedCertificate(strangerDir, 'localhost');
    unknownCa = await upstream({ key: readFileSync(stranger.key), cert: readFileSync(stranger.certificate, 'utf8') });
  }, 60_000);

  it('passes /api to an https upstream whose certificate chains to the CA file and names its host, sending that name (SNI)', async () => {
    const { origin } = await served(`https://localhost:${good.port}`, join(pki, 'root.pem'));
    const answer = await fetch(`${origin}/api/v1/user/profile`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ from: 'upstream' });
    expect(good.names).toContain('localhost');
  });

  it('sends the upstream its own name as Host, whatever Host the client sent, the portal’s as X-Forwarded-Host, and no Accept-Encoding', async () => {
    const { origin } = await served(`https://localhost:${good.port}`, join(pki, 'root.pem'));
    const before = good.headers.length;
    const answer = await rawGet(`${origin}/api/v1/user/profile`, { Host: 'other-tenant.example', 'Accept-Encoding': 'gzip, br' });
    expect(answer).toBe(200);
    const [received] = good.headers.slice(before);
    expect(received).toMatchObject({ host: `localhost:${good.port}`, 'x-forwarded-host': 'other-tenant.example' });
    expect(received!['accept-encoding']).toBeUndefined();
  });

  it('answers 413 to an /api/ body larger than the contract’s largest request, and sends it nowhere', async () => {
    const { origin } = await served(`https://localhost:${good.port}`, join(pki, 'root.pem'));
    const before = good.requests.length;
    const post = (bytes: number) =>
      fetch(`${origin}/api/v1/user/factor/f1/activate`, { method: 'POST', body: JSON.stringify({ attestation: 'a'.repeat(bytes) }) });
    expect((await post(40 * 1024)).status).toBe(413);
    expect(good.requests.slice(before)).toEqual([]);
    // A security key's activation, with the largest attestation there is, goes through.
    expect((await post(16 * 1024)).status).toBe(200);
  });

  it.each([
    ['a certificate for another name', () => wrongName],
    ['a certificate from a CA the file does not hold', () => unknownCa],
  ])('refuses an upstream with %s: 502, and nothing is sent to it', async (_, which) => {
    const target = which();
    const before = target.names.length;
    const { origin } = await served(`https://localhost:${target.port}`, join(pki, 'root.pem'));
    expect((await fetch(`${origin}/api/v1/user/profile`, { headers: { Authorization: 'Bearer token-9d2c' } })).status).toBe(502);
    // The handshake began (SNI named the host), and nginx hung up on the certificate.
    expect(target.names.slice(before)).toContain('localhost');
    expect(target.requests).toEqual([]);
  });

  it('writes a callback’s address to the access log without its code and state', async () => {
    const { origin, accessLog } = await served(undefined);
    for (const path of [
      '/auth/default/callback?code=code-4f1a9e&state=state-77c2d0',
      '/idp/link/google?code=code-google-51b3&state=state-0d9e21',
      '/idp/instructions?code=code-li-6a2f&state=state-83ce1f&error=access_denied',
      '/profile/details?from=menu',
    ]) {
      expect((await fetch(`${origin}${path}`)).status).toBe(200);
    }
    const log = readFileSync(accessLog, 'utf8');
    expect(log).toMatch(/"GET \/auth\/default\/callback HTTP\/1\.1" 200/);
    expect(log).toMatch(/"GET \/idp\/link\/google HTTP\/1\.1" 200/);
    expect(log).toMatch(/"GET \/idp\/instructions HTTP\/1\.1" 200/);
    expect(log).not.toMatch(/code-|state-/);
    // Other addresses are written as they came.
    expect(log).toContain('"GET /profile/details?from=menu HTTP/1.1" 200');
  });
});
