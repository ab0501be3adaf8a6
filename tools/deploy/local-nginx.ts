// nginx for the project's own checks (tests/stack/hosting.spec.ts, npm run bench): the
// production server block of tools/deploy/nginx-conf.ts inside a minimal nginx.conf in a
// temporary folder, started in the foreground so its owner can stop it.
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nginxServerBlock, type ServerBlockOptions } from './nginx-conf.ts';

/** Debian's nginx (nginx-light), if installed. */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path) && spawnSync(path, ['-v']).status === 0);

/** ngx_brotli's static module (Debian: libnginx-mod-http-brotli-static), if installed. */
export const BROTLI_MODULE = [
  '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  '/usr/lib64/nginx/modules/ngx_http_brotli_static_module.so',
].find((path) => existsSync(path));

/**
 * Writes `dir/nginx.conf` around the server block for `options` (nginxServerBlock's), with
 * brotli whenever the module is installed, and checks it with `nginx -t`. Answers the path
 * and whether brotli is on.
 */
export function writeNginxConf(dir: string, options: Omit<ServerBlockOptions, 'brotli'>): { conf: string; brotli: boolean } {
  if (!NGINX) throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
  const brotli = Boolean(BROTLI_MODULE);
  // The access log in the folder too (the block's default is the system's, which a user may not write).
  const server = nginxServerBlock({ accessLog: join(dir, 'access.log'), ...options, brotli });
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `${brotli ? `load_module ${BROTLI_MODULE};\n` : ''}daemon off;
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
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused ${conf}:\n${check.stderr}`);
  return { conf, brotli };
}

/** Starts nginx on a configuration from writeNginxConf; stop it with SIGQUIT (or SIGTERM). */
export function startNginx(dir: string, conf: string, options: SpawnOptions = {}): ChildProcess {
  if (!NGINX) throw new Error('nginx is not installed (Debian: apt-get install nginx-light)');
  return spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore', ...options });
}

/** Whether openssl, which selfSignedCertificate needs, is installed. */
export const OPENSSL = spawnSync('openssl', ['version']).status === 0;

interface SelfSignedCertificate {
  certificate: string;
  key: string;
  /** The base64 SHA-256 of the certificate's public key. */
  spki: string;
}

/**
 * A throw-away self-signed certificate for `host` (openssl), with the base64 SHA-256 of its
 * public key, which Chromium's --ignore-certificate-errors-spki-list trusts for one run.
 */
export function selfSignedCertificate(dir: string, host: string): SelfSignedCertificate {
  const certificate = join(dir, 'certificate.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${host}`,
      '-addext',
      `subjectAltName=DNS:${host}`,
      '-keyout',
      key,
      '-out',
      certificate,
    ],
    { encoding: 'utf8' },
  );
  if (made.error || made.status !== 0)
    throw new Error(`openssl could not make a certificate (Debian: apt-get install openssl): ${made.error?.message ?? made.stderr}`);
  const publicKey = new X509Certificate(readFileSync(certificate)).publicKey.export({ type: 'spki', format: 'der' });
  return { certificate, key, spki: createHash('sha256').update(publicKey).digest('base64') };
}
