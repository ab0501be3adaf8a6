import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// @ts-expect-error plain JavaScript module of the deployment scripts
import { nginxServerBlock } from '../../scripts/nginx-conf.mjs';
import { expect, test } from './fixtures';
import { signIn, watchConsole } from './support';

/**
 * The production build hosted the documented way: nginx with the server block that
 * scripts/nginx-conf.mjs writes, in front of dist/ and (for /api) the Prism mock.
 */
const PORT = 4180;
const ORIGIN = `http://localhost:${PORT}`;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => spawnSync(path, ['-v']).status === 0);

test.describe('the build hosted by nginx', () => {
  test.skip(!NGINX && !process.env.CI, 'nginx is not installed (apt-get install nginx-light); CI installs it');
  let nginx: ChildProcess | undefined;

  test.beforeAll(async () => {
    if (!NGINX) throw new Error('nginx is not installed: .ci/run installs nginx-light');
    const dir = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
    const dist = resolve('dist');
    const server = nginxServerBlock({
      config: JSON.parse(readFileSync(join(dist, 'config.json'), 'utf8')),
      root: dist,
      listen: `127.0.0.1:${PORT}`,
      apiUpstream: 'http://127.0.0.1:4010',
    });
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off;
${process.getuid?.() === 0 ? '# Workers read dist/ where this checkout lives (often a private temporary folder).\nuser root;\n' : ''}pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${server}
}
`,
    );
    const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'ignore' });
    await expect.poll(async () => (await fetch(`${ORIGIN}/config.json`).catch(() => undefined))?.status, { timeout: 10_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (!nginx) return;
    const exited = new Promise((done) => nginx!.once('exit', done));
    nginx.kill('SIGQUIT');
    await exited;
  });

  test('serves every route with the security headers and the right caching', async ({ request }) => {
    const entry = readdirSync('dist/assets').find((name) => /^index-.*\.js$/.test(name));
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
      expect(headers['content-security-policy'], path).toContain('connect-src \'self\' http://localhost:9000');
      expect(headers['strict-transport-security'], path).toContain('max-age=31536000');
      expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy'], path).toContain('camera=()');
      expect(headers['x-content-type-options'], path).toBe('nosniff');
    }
    // Any path of the app answers with the app itself.
    expect(await answers['/profile/details'].text()).toContain('<div id="root"></div>');
    expect(answers.asset.headers()['cache-control']).toContain('immutable');
    expect(answers['/config.json'].headers()['cache-control']).toBe('no-cache');
    expect(answers['/'].headers()['cache-control']).toBe('no-cache');
    // A missing asset is a 404, not index.html served as JavaScript; the manifest stays private.
    expect((await request.get(`${ORIGIN}/assets/missing-0000.js`)).status()).toBe(404);
    expect((await request.get(`${ORIGIN}/.vite/manifest.json`)).status()).toBe(404);
  });

  test('signs in and shows the profile under those headers, with no CSP violation or console error', async ({ page }) => {
    const problems = watchConsole(page);
    await signIn(page, 'smwong25', `${ORIGIN}/profile/details`);
    await expect(page).toHaveURL(`${ORIGIN}/profile/details`);
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText('smwong25@my.example.edu.hk').first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
