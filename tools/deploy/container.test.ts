// The container image (Dockerfile): the server block its first step writes
// (tools/deploy/container-server-block.sh), checked by `nginx -t` inside the image's nginx.conf; and,
// where a Docker engine answers, the image itself: built, started with an environment's
// config.json, and asked for /healthz.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BROTLI_MODULE, NGINX } from './local-nginx.ts';

const CI = Boolean(process.env.CI);
const SCRIPT = resolve('tools/deploy/container-server-block.sh');
/** An environment's config.json, as docs/deploying.md shows it. */
const PRODUCTION = {
  oidcAuthority: 'https://sso.example.edu.hk/oauth2/default',
  oidcClientId: 'account-portal',
  apiBase: '',
  centralSignInUrl: 'https://sso.example.edu.hk',
  centralSignOutUrl: 'https://sso.example.edu.hk/logout',
  webauthnRpId: 'example.edu.hk',
  socialIdentities: true,
  cspReportUrl: '/csp-report',
  oktaOrgUrl: 'https://university.okta.com',
};

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-container-'));
  folders.push(dir);
  return dir;
}

/** The container's first step, run here: the image's paths replaced by the test's. */
function writeServerBlock(
  config: object,
  { brotli, apiUpstream, allowHttpUpstream, caFile }: { brotli: boolean; apiUpstream?: string; allowHttpUpstream?: boolean; caFile?: string },
) {
  const dir = folder();
  mkdirSync(join(dir, 'html'));
  mkdirSync(join(dir, 'modules'));
  writeFileSync(join(dir, 'html/config.json'), JSON.stringify(config));
  const run = spawnSync(SCRIPT, {
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
      PORTAL_ROOT: join(dir, 'html'),
      PORTAL_SERVER_BLOCK: join(dir, 'portal.conf'),
      PORTAL_GENERATOR: resolve('tools/deploy/nginx-conf.ts'),
      PORTAL_NGINX_MODULES: brotli ? dirname(BROTLI_MODULE!) : join(dir, 'modules'),
      API_UPSTREAM: apiUpstream ?? '',
      API_CA_FILE: caFile ?? '',
      ALLOW_HTTP_UPSTREAM: allowHttpUpstream ? 'true' : '',
    },
  });
  return { dir, run, block: join(dir, 'portal.conf') };
}

/** The official image's nginx.conf around the block (its http context includes conf.d/*.conf). */
function nginxTest(dir: string, block: string, brotli: boolean) {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  keepalive_timeout 65;
  include ${block};
}
`,
  );
  return spawnSync(NGINX!, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
}

describe('the image’s server block', () => {
  it.skipIf(!NGINX && !CI)('is written from the mounted config.json and passes nginx -t, with brotli where the module is', () => {
    expect(NGINX, 'nginx is not installed: .ci/run installs nginx-light').toBeDefined();
    for (const brotli of BROTLI_MODULE ? [true, false] : [false]) {
      const { dir, run, block } = writeServerBlock(PRODUCTION, { brotli, apiUpstream: 'http://127.0.0.1:8081' });
      expect(run.status, run.stderr).toBe(0);
      const text = readFileSync(block, 'utf8');
      expect(text).toContain('listen 8080;');
      expect(text).toContain(`root ${join(dir, 'html')};`);
      expect(text).toContain("connect-src 'self' https://sso.example.edu.hk");
      expect(text).toContain('proxy_pass http://127.0.0.1:8081;');
      expect(text).toContain('location = /healthz {');
      expect(text.includes('brotli_static on;')).toBe(brotli);
      const check = nginxTest(dir, block, brotli);
      expect(check.status, check.stderr).toBe(0);
      expect(check.stderr).toContain('syntax is ok');
    }
  });

  it('stops the container, naming the reason, for a plain-http API upstream off this machine the operator did not name', () => {
    const refused = writeServerBlock(PRODUCTION, { brotli: false, apiUpstream: 'http://backend:8080' });
    expect(refused.run.status).not.toBe(0);
    expect(refused.run.stderr).toContain('is plain http off this machine');
    const named = writeServerBlock(PRODUCTION, { brotli: false, apiUpstream: 'http://backend:8080', allowHttpUpstream: true });
    expect(named.run.status, named.run.stderr).toBe(0);
    expect(readFileSync(named.block, 'utf8')).toContain('proxy_pass http://backend:8080;');
  });

  it('verifies an https API upstream against the CA file it is given', () => {
    const { run, block } = writeServerBlock(PRODUCTION, { brotli: false, apiUpstream: 'https://api.internal.example.edu.hk', caFile: SCRIPT });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(block, 'utf8')).toContain(`proxy_ssl_trusted_certificate ${SCRIPT};`);
  });

  it('stops the container, naming the reason, when the config is the dev stack’s (the build’s own)', () => {
    const { run, block } = writeServerBlock(JSON.parse(readFileSync('public/config.json', 'utf8')), { brotli: false });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('config is marked "dev": true, which is for this machine only');
    expect(() => readFileSync(block)).toThrow();
  });

  it('is where the Dockerfile puts it, run before nginx, with the generator where it looks', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const script = readFileSync(SCRIPT, 'utf8');
    const defaultOf = (name: string) => new RegExp(`^${name}="\\$\\{[A-Z_]+:-([^}]+)\\}"`, 'm').exec(script)?.[1];
    expect(dockerfile).toContain('COPY --chmod=755 tools/deploy/container-server-block.sh /docker-entrypoint.d/');
    expect(dockerfile).toContain(`tools/deploy/nginx-conf.ts /portal/tools/deploy/headers.ts ${dirname(defaultOf('generator')!)}/`);
    expect(dockerfile).toContain(`COPY --from=build /portal/dist ${defaultOf('root')}`);
    expect(dockerfile).toMatch(/HEALTHCHECK .*http:\/\/127\.0\.0\.1:8080\/healthz/);
  });

  it('runs nginx as an unprivileged user, named by number so a runtime can tell it is not root', () => {
    const users = [...readFileSync('Dockerfile', 'utf8').matchAll(/^USER (\S+)$/gm)].map(([, user]) => user);
    expect(users.at(-1)).toMatch(/^[1-9]\d*$/);
    // The image it is built on keeps nginx's pid and temporary files where that user may write.
    expect(readFileSync('Dockerfile', 'utf8')).toMatch(/^FROM nginxinc\/nginx-unprivileged:/m);
  });
});

/** Whether a Docker engine answers here (the client alone cannot build). */
function dockerEngine(): string | undefined {
  const info = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], { encoding: 'utf8', timeout: 10_000 });
  return info.status === 0 ? undefined : (info.stderr || info.error?.message || 'no docker').trim().split('\n').at(-1);
}

describe('the image', () => {
  it('builds, and answers /healthz with an environment’s config.json', async (context) => {
    const missing = dockerEngine();
    if (missing !== undefined) {
      // Said on the console too: the summary only counts skipped tests.
      const why = `the image was not built: no Docker engine answers here (${missing})`;
      console.info(`tools/deploy/container.test.ts: ${why}`);
      context.skip(why);
    }
    const tag = `account-portal-test:${process.pid}`;
    const dir = folder();
    writeFileSync(join(dir, 'config.json'), JSON.stringify(PRODUCTION));
    const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    docker('build', '--tag', tag, '.');
    let container: string | undefined;
    try {
      // The dev config the build carries stops it, naming why.
      const refused = spawnSync('docker', ['run', '--rm', tag], { encoding: 'utf8', timeout: 60_000 });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('"dev": true');

      container = docker(
        'run',
        '--detach',
        '--publish',
        '127.0.0.1::8080',
        '--volume',
        `${dir}/config.json:/usr/share/nginx/html/config.json:ro`,
        tag,
      );
      const port = docker('port', container, '8080/tcp').split('\n')[0]!.split(':').at(-1);
      await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.text()).toBe('ok');
      expect(await (await fetch(`http://127.0.0.1:${port}/config.json`)).json()).toEqual(PRODUCTION);
      expect(JSON.parse(docker('inspect', '--format', '{{json .Config.Healthcheck.Test}}', tag)).join(' ')).toContain('/healthz');
      expect(docker('exec', container, 'id', '-u')).toBe('101');
    } finally {
      if (container) spawnSync('docker', ['rm', '--force', container]);
      spawnSync('docker', ['rmi', '--force', tag]);
    }
  }, 900_000);
});
