// The container image (Dockerfile): the templates its build writes (nginx-conf.ts --template-dir),
// filled in as the nginx image does as it starts (tools/deploy/container-settings.envsh, then
// envsubst), and checked by `nginx -t` inside the image's nginx.conf; and, where a Docker engine
// answers, the image itself: built, started with an environment's config.json, and asked for
// /healthz.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX } from './local-nginx.ts';

const CI = Boolean(process.env.CI);
const SETTINGS = resolve('tools/deploy/container-settings.envsh');
const DOCKERFILE = readFileSync('Dockerfile', 'utf8');
/** The Dockerfile's last stage: what the image holds. */
const RUNTIME = DOCKERFILE.slice(DOCKERFILE.lastIndexOf('\nFROM ') + 1);
/** An environment's config.json, as docs/deploying.md shows it. */
const PRODUCTION = {
  oidcAuthority: 'https://sso.example.edu.hk/oauth2/default',
  oidcClientId: 'account-portal',
  apiBase: '',
  centralSignInUrl: 'https://sso.example.edu.hk',
  centralSignOutUrl: 'https://sso.example.edu.hk/logout',
  socialIdentities: true,
  oktaOrgUrl: 'https://university.okta.com',
  errorReportUrl: 'https://errors.example.edu.hk/portal',
};

const folders: string[] = [];
let templates: string;
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-container-'));
  folders.push(dir);
  return dir;
}

beforeAll(() => {
  // As the Dockerfile's build stage writes them.
  templates = folder();
  const build = /^RUN (node tools\/deploy\/nginx-conf\.ts --template-dir .*)$/m.exec(DOCKERFILE)![1]!.split(' ');
  const written = spawnSync(process.execPath, [...build.slice(1, 3), templates, ...build.slice(4)], { encoding: 'utf8' });
  expect(written.status, written.stderr).toBe(0);
});

/**
 * The container's start, run here: the settings step with the test's paths, then the image's
 * own step (envsubst of PORTAL_* over every template of the folder the settings chose).
 */
function start(config: object | string, env: Record<string, string> = {}) {
  const dir = folder();
  writeFileSync(join(dir, 'config.json'), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
  const run = spawnSync(
    'sh',
    [
      '-c',
      `. "$0" || exit 1
cd "$NGINX_ENVSUBST_TEMPLATE_DIR" && find . -name '*.template' | while read -r t; do
  mkdir -p "$OUT/$(dirname "$t")" && envsubst "$(printf '\${%s} ' $(env | sed -n 's/^\\(PORTAL_[A-Z_]*\\)=.*/\\1/p'))" < "$t" > "$OUT/\${t%.template}"
done`,
      SETTINGS,
    ],
    {
      encoding: 'utf8',
      env: { PATH: process.env.PATH!, PORTAL_CONFIG_FILE: join(dir, 'config.json'), PORTAL_TEMPLATES: templates, OUT: join(dir, 'conf.d'), ...env },
    },
  );
  const block = () => readFileSync(join(dir, 'conf.d', 'portal.conf'), 'utf8');
  return { dir, run, block };
}

/** The image's nginx.conf (as the Dockerfile leaves it: the worker count from the templates) around the written files. */
function nginxTest(dir: string) {
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `include ${dir}/conf.d/portal-main/*.conf;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log notice;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  keepalive_timeout 65;
  include ${dir}/conf.d/*.conf;
}
`,
  );
  return spawnSync(NGINX!, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
}

// Each start runs a shell and a few greps: slow on a busy machine.
describe('the image’s server block', { timeout: 60_000 }, () => {
  it.skipIf(!NGINX && !CI)('is filled in from the mounted config.json and the environment, and passes nginx -t, with the API and without', () => {
    expect(NGINX, 'nginx is not installed: .ci/run installs nginx-light').toBeDefined();
    // An upstream nginx can look up here (it does as it starts).
    for (const env of [{ API_UPSTREAM: 'https://localhost:8443/', WORKER_PROCESSES: '1' }, {}] as Record<string, string>[]) {
      const { dir, run, block } = start({ ...PRODUCTION, cspReportUrl: '/api/csp-report' }, env);
      expect(run.status, run.stderr).toBe(0);
      const text = block();
      expect(text).not.toContain('${');
      expect(text).toContain('listen 8080;');
      expect(text).toContain('root /usr/share/nginx/html;');
      expect(text).toContain('server_name _;');
      expect(text).toContain("img-src 'self' data: https://university.okta.com;");
      expect(text).toContain("connect-src 'self' https://sso.example.edu.hk  https://errors.example.edu.hk;");
      expect(text).toContain("form-action 'self' https://sso.example.edu.hk;");
      expect(text).toContain('default "; report-uri /api/csp-report; report-to csp";');
      expect(text.includes('proxy_pass https://localhost:8443;')).toBe('API_UPSTREAM' in env);
      expect(text.includes('location /api/ {')).toBe('API_UPSTREAM' in env);
      expect(readFileSync(join(dir, 'conf.d', 'portal-main', 'workers.conf'), 'utf8')).toContain(
        `worker_processes ${env.WORKER_PROCESSES ?? 'auto'};`,
      );
      const check = nginxTest(dir);
      expect(check.status, check.stderr).toBe(0);
      expect(check.stderr).toContain('syntax is ok');
    }
  });

  it.each([
    ['#', 'portal#x'],
    [';', 'portal;x'],
    ['"', 'portal"x'],
    ["'", "portal'x"],
    ['a line break', 'portal\ninclude /etc/passwd'],
  ])('stops the container, naming the reason, for a value with %s', (_, bad) => {
    for (const name of ['SERVER_NAME', 'API_UPSTREAM', 'API_CA_FILE', 'REAL_IP_FROM']) {
      const value = name === 'API_UPSTREAM' ? `https://${bad}` : bad;
      const { run } = start(PRODUCTION, { API_UPSTREAM: 'https://api.internal.example.edu.hk', [name]: value });
      expect(run.status, name).not.toBe(0);
      expect(run.stderr, name).toMatch(new RegExp(`^portal: ${name} must be (one word|an IP address)`));
    }
  });

  it('stops the container, naming the reason, for a plain-http API upstream off this machine the operator did not name', () => {
    for (const upstream of ['http://backend:8080', 'http://api.localhost:8080']) {
      const refused = start(PRODUCTION, { API_UPSTREAM: upstream });
      expect(refused.run.status).not.toBe(0);
      expect(refused.run.stderr).toContain(`API_UPSTREAM ${upstream} is plain http off this machine`);
    }
    const named = start(PRODUCTION, { API_UPSTREAM: 'http://backend:8080', ALLOW_HTTP_UPSTREAM: 'true' });
    expect(named.run.status, named.run.stderr).toBe(0);
    expect(named.block()).toContain('proxy_pass http://backend:8080;');
    for (const local of ['http://127.0.0.1:8081', 'http://localhost:8081', 'http://[::1]:8081'])
      expect(start(PRODUCTION, { API_UPSTREAM: local }).run.status).toBe(0);
  });

  it('verifies an https API upstream against the CA file it is given, which must exist', () => {
    const { run, block } = start(PRODUCTION, { API_UPSTREAM: 'https://api.internal.example.edu.hk', API_CA_FILE: SETTINGS });
    expect(run.status, run.stderr).toBe(0);
    expect(block()).toContain(`proxy_ssl_trusted_certificate ${SETTINGS};`);
    const missing = start(PRODUCTION, { API_UPSTREAM: 'https://api.internal.example.edu.hk', API_CA_FILE: '/nowhere/ca.pem' });
    expect(missing.run.status).not.toBe(0);
    expect(missing.run.stderr).toContain('API_CA_FILE /nowhere/ca.pem does not exist');
  });

  it('stops the container, naming the reason, when the config is the dev stack’s (the build’s own)', () => {
    const { run } = start(readFileSync('public/config.json', 'utf8'));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('config.json is the dev stack\'s (marked "dev": true), which is for this machine only');
  });

  it.each([
    [{ ...PRODUCTION, oidcAuthority: 'http://sso.example.edu.hk' }, 'config.oidcAuthority must use https:'],
    [{ ...PRODUCTION, oidcAuthority: undefined }, 'config.oidcAuthority is missing'],
    [{ ...PRODUCTION, centralSignInUrl: 'https://localhost:9000' }, 'config.centralSignInUrl names this machine'],
    [{ ...PRODUCTION, oktaOrgUrl: 'https://okta.localhost' }, 'config.oktaOrgUrl names this machine'],
    [{ ...PRODUCTION, apiBase: 'https://a$host.example' }, 'config.apiBase must be an https URL with a plain host name'],
    [{ ...PRODUCTION, errorReportUrl: 'https://e.example/x;y' }, 'config.errorReportUrl must be empty or a plain https URL'],
    [{ ...PRODUCTION, cspReportUrl: 'https://reports.example.edu.hk/csp' }, 'config.cspReportUrl must be empty or a path on the portal'],
    [{ ...PRODUCTION, cspReportUrl: '/csp$host' }, 'config.cspReportUrl must be empty or a path on the portal'],
    [`{"oidcAuthority": "https://sso.example.edu.hk", "oidcAuthority": "https://evil.example"}`, 'config.json names oidcAuthority 2 times'],
    [`{"oidcAuthority":\n  "https://sso.example.edu.hk"}`, 'config.oidcAuthority must be a string on the line of its name'],
    [`{"oidcAuthority": "https:\\/\\/sso.example.edu.hk"}`, 'config.oidcAuthority must be a string on the line of its name'],
  ] as const)('stops the container for a config.json it cannot vouch for (%#)', (config, why) => {
    const { run } = start(config);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(why);
  });

  it('is where the Dockerfile puts it: the settings run before the image fills the templates, which are where they look', () => {
    const script = readFileSync(SETTINGS, 'utf8');
    const defaultOf = (name: string) => new RegExp(`^portal_\\w+="\\$\\{${name}:-([^}]+)\\}"`, 'm').exec(script)?.[1];
    expect(RUNTIME).toMatch(/^COPY --chmod=755 tools\/deploy\/container-settings\.envsh \/docker-entrypoint\.d\/1\d-[\w-]+\.envsh$/m);
    expect(RUNTIME).toContain(`COPY --from=build /portal/templates/ ${defaultOf('PORTAL_TEMPLATES')}/`);
    expect(RUNTIME).toContain(`COPY --from=build /portal/dist ${defaultOf('PORTAL_CONFIG_FILE')!.replace(/\/config\.json$/, '')}`);
    expect(RUNTIME).toMatch(/^ENV NGINX_ENVSUBST_FILTER=\^PORTAL_$/m);
    expect(RUNTIME).toMatch(/^HEALTHCHECK .*http:\/\/127\.0\.0\.1:8080\/healthz/m);
  });

  it('holds no Node: what writes the server block at start is the image’s own shell and envsubst', () => {
    expect(RUNTIME).not.toMatch(/\bnode\b/i);
    expect(readFileSync(SETTINGS, 'utf8')).not.toMatch(/\bnode\b/);
  });

  it('runs nginx as an unprivileged user, named by number so a runtime can tell it is not root', () => {
    const users = [...DOCKERFILE.matchAll(/^USER (\S+)$/gm)].map(([, user]) => user);
    expect(users.at(-1)).toMatch(/^[1-9]\d*$/);
    // The image it is built on keeps nginx's pid and temporary files where that user may write.
    expect(RUNTIME).toMatch(/^FROM nginxinc\/nginx-unprivileged:/);
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
      expect(docker('run', '--rm', '--entrypoint', 'sh', tag, '-c', 'command -v node || echo none')).toBe('none');

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
