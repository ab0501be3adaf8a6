// Writes the nginx server block that hosts the production build: SPA fallback, the same
// security headers as the preview server (tools/deploy/headers.ts), long caching for hashed
// assets and none for index.html, config.json and version.json, the build's precompressed
// assets (tools/deploy/precompressed.ts), API answers that are never cached, a health check at
// /healthz, and optionally TLS with HTTP/2 (then plain HTTP on --http-listen, 80 by default,
// only redirects to HTTPS).
//
//   node tools/deploy/nginx-conf.ts --config /srv/portal/config.json --root /srv/portal \
//     [--listen 8080] [--server-name portal.example.edu] \
//     [--api-upstream https://api.internal.example.edu [--api-ca-file /etc/ssl/certs/ca-certificates.crt]] \
//     [--api-upstream http://backend:8080 --allow-http-upstream] [--access-log /var/log/nginx/access.log] \
//     [--real-ip-from 10.0.0.0/8] [--tls-certificate /etc/ssl/portal.pem --tls-key /etc/ssl/portal.key [--http-listen 80]] [--brotli]
//
// The container image is built with `--template-dir DIR --root ... --listen 8080` instead: templates
// whose per-environment values are ${PORTAL_...} placeholders, which the nginx image's own start
// step fills in (envsubst) from what tools/deploy/container-settings.envsh read and checked.
//
// /api goes to an https upstream whose certificate nginx verifies (its name, by SNI, against the
// CA file), or to plain http only on this machine, or where the operator names it with
// --allow-http-upstream (a network of its own, such as a pod's): the bearer tokens pass there.
//
// The Content-Security-Policy names the identity provider and API of the deployment's own
// config.json, so the block is written per environment, from the same file the app reads.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { cspReportPath, headersNaming, securityHeaders, type HostedSettings } from './headers.ts';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/;
/** A value nginx reads as one plain word: nothing that ends a directive, opens a block, starts a comment or names a variable. */
const PLAIN = /^[^\s;{}$#'"\\]+$/;
/** An address or range for set_real_ip_from: IPv4 or IPv6, with a prefix length or without. */
const ADDRESS_RANGE = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*)(?:\/\d{1,3})?$/;

/** The deployment's config.json, as far as the server block reads it. */
interface DeploymentConfig extends HostedSettings {
  /** The dev stack's mark: only such a config may name this machine or plain http:, and it is served only on this machine. */
  dev?: boolean;
  centralSignInUrl?: string;
  centralSignOutUrl?: string;
}

export interface ServerBlockOptions {
  config: DeploymentConfig;
  root: string;
  listen?: string;
  serverName?: string;
  apiUpstream?: string | undefined;
  /** The CA certificates an https upstream's certificate must chain to (the system's bundle by default). */
  apiCaFile?: string | undefined;
  /** Plain http to an upstream off this machine, named by the operator: the bearer tokens cross that network unencrypted. */
  allowHttpUpstream?: boolean;
  /** Where the access log goes (in the portal's format, which keeps no callback's code or state). */
  accessLog?: string;
  /** The proxy or load balancer in front (an address or range), whose X-Forwarded-For names the client: the access log and the per-address limit then see the client. */
  realIpFrom?: string | undefined;
  tls?: { certificate?: string | undefined; key?: string | undefined } | undefined;
  /** Whether ngx_brotli's static module is loaded. */
  brotli?: boolean;
  httpListen?: string;
}

/**
 * Refuses values that would change the meaning of the configuration: an identity provider or
 * API that is not a plain http(s) origin, and nginx syntax (`;`, braces, `$`, quotes, spaces)
 * in the root, server name or upstream. Answers the list of problems.
 */
export function problemsOf({
  config,
  root,
  listen,
  serverName,
  apiUpstream,
  apiCaFile,
  allowHttpUpstream,
  accessLog,
  realIpFrom,
  tls,
  httpListen,
}: ServerBlockOptions): string[] {
  const problems: string[] = [];
  const originOf = (url: string) => {
    try {
      return new URL(url).origin;
    } catch {
      return '';
    }
  };
  if (!ORIGIN.test(originOf(config?.oidcAuthority ?? ''))) problems.push('config.oidcAuthority must be an http(s) URL with a plain host name');
  if (config?.apiBase && !ORIGIN.test(originOf(config.apiBase)))
    problems.push('config.apiBase must be empty or an http(s) URL with a plain host name');
  if (config?.errorReportUrl && (!ORIGIN.test(originOf(config.errorReportUrl)) || !PLAIN.test(config.errorReportUrl)))
    problems.push('config.errorReportUrl must be empty or a plain http(s) URL');
  // Reports carry the page's address, a callback's code and state included: the portal's own origin only.
  if (config?.cspReportUrl && (!cspReportPath(config.cspReportUrl) || !PLAIN.test(config.cspReportUrl)))
    problems.push('config.cspReportUrl must be empty or a path on the portal’s own origin (such as /csp-report)');
  if (config?.oktaOrgUrl && !ORIGIN.test(originOf(config.oktaOrgUrl)))
    problems.push('config.oktaOrgUrl must be empty or an http(s) URL with a plain host name');
  const dev = config?.dev === true;
  if (config?.dev !== undefined && typeof config.dev !== 'boolean') problems.push('config.dev must be true or false');
  for (const name of ['oidcAuthority', 'apiBase', 'centralSignInUrl', 'centralSignOutUrl', 'oktaOrgUrl', 'errorReportUrl'] as const) {
    const value = config?.[name];
    if (!value) continue;
    if (!isSecureUrl(value)) problems.push(`config.${name} must use https: (http: only on localhost or 127.0.0.1)`);
    else if (!dev && namesThisMachine(value))
      problems.push(`config.${name} names this machine or plain http:, which only a config marked "dev": true may do`);
  }
  // The dev stack's settings are served on this machine only, never on an address others reach:
  // neither the portal nor, with TLS, its plain-HTTP redirect (--http-listen, 80 by default).
  if (dev && !isLoopbackListen(listen ?? '8080'))
    problems.push(`config is marked "dev": true, which is for this machine only: listen on 127.0.0.1 or localhost, not ${listen ?? '8080'}`);
  if (dev && tls && !isLoopbackListen(httpListen ?? '80'))
    problems.push(`config is marked "dev": true, which is for this machine only: --http-listen on 127.0.0.1 or localhost, not ${httpListen ?? '80'}`);
  problems.push(...upstreamProblems(apiUpstream, allowHttpUpstream));
  const paths = { root, listen, serverName, apiUpstream, apiCaFile, accessLog, tlsCertificate: tls?.certificate, tlsKey: tls?.key, httpListen };
  for (const [name, value] of Object.entries(paths)) {
    if (value !== undefined && !PLAIN.test(String(value))) problems.push(`${name} must not contain spaces, quotes, ';', '{', '}' or '$'`);
  }
  if (tls && (!tls.certificate || !tls.key)) problems.push('TLS needs both a certificate and its key');
  if (realIpFrom !== undefined && !ADDRESS_RANGE.test(realIpFrom)) problems.push('realIpFrom must be an IP address or range, such as 10.0.0.0/8');
  return problems;
}

/**
 * /api carries every bearer token: to an https upstream (whose certificate nginx verifies), or
 * to plain http on this machine; plain http elsewhere only where the operator names it.
 */
function upstreamProblems(apiUpstream: string | undefined, allowHttpUpstream: boolean | undefined): string[] {
  if (apiUpstream === undefined) return [];
  let url: URL;
  try {
    url = new URL(apiUpstream);
  } catch {
    return ['apiUpstream must be an http(s) URL'];
  }
  if (!['https:', 'http:'].includes(url.protocol) || url.username || url.password)
    return ['apiUpstream must be an http(s) URL with no user name or password'];
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !allowHttpUpstream) {
    return [
      `apiUpstream ${apiUpstream} is plain http off this machine: the bearer tokens would cross the network unencrypted. Use https, or name it with --allow-http-upstream where that network is the deployment's own`,
    ];
  }
  return [];
}

/** The portal's own rule (src/shared/config/configSchema.ts): https, except on this machine. */
function isSecureUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname));
  } catch {
    return false;
  }
}

/** http:, or a host that a browser takes for this machine (the dev stack's): *.localhost too. */
function namesThisMachine(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || isLoopback(url.hostname) || url.hostname.endsWith('.localhost');
  } catch {
    return false;
  }
}

/**
 * This machine, for nginx: its resolver, unlike a browser, may send a *.localhost name anywhere
 * (a cluster's DNS does), so only these count, as for the backend verifier's --target.
 */
const isLoopback = (host: string) => host === 'localhost' || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]';

/** An nginx `listen` value on a loopback address (a bare port listens on every interface). */
function isLoopbackListen(listen: string): boolean {
  const host = /^(\[[^\]]+\]|[^:\s]+):\d+/.exec(listen.trim())?.[1];
  return host !== undefined && isLoopback(host);
}

const quote = (value: string) => `"${String(value).replace(/["\\]/g, '\\$&')}"`;

function headerLines(headers: Record<string, string>, indent: string): string {
  return Object.entries(headers)
    .map(([name, value]) => `${indent}add_header ${name} ${quote(value)} always;`)
    .join('\n');
}

/** The system's bundle of trusted CA certificates (Debian's, and the nginx images'). */
export const SYSTEM_CA_FILE = '/etc/ssl/certs/ca-certificates.crt';
/** nginx's own access log, where the server block writes unless told otherwise. */
const ACCESS_LOG = '/var/log/nginx/access.log';

/**
 * The largest request body /api/ takes: the contract sets no lengths, and its largest request is a
 * passkey's registration (registerPasskey, `PublicKeyCredential.toJSON()`) with a `direct`
 * attestation: about 12.4 KB for Android SafetyNet's, the largest kind (its attestation object,
 * certificate chain included, is 8,550 bytes, 11,400 characters as base64url; a registration
 * with attestation `none`, as the portal asks, is under 1 KB); every other request is under
 * 1 KB. 32 KB leaves room for a credential id of 1023 bytes and the extensions' results. In
 * memory only (the buffer is as large), never a temporary file.
 */
const API_BODY = '32k';
/** The /api/ requests one address may have open at once: a person's tabs, many times over (a campus NAT is one address). */
const API_REQUESTS_PER_ADDRESS = 32;

/** The API on the portal's own origin, when there is an upstream for it. */
function apiLocation(apiUpstream: string, apiCaFile: string, withCache: (cache: string) => string): string {
  return `
  # The API on the portal's own origin (config.json's apiBase is empty). Its answers stay
  # uncompressed: they carry secrets (enrollment keys), which compression can leak through
  # response sizes (BREACH); so the upstream is not asked to compress them either.
  # They are personal and never cached anywhere, and never read as anything but what they say.
  location /api/ {
    gzip off;
    # A body fits the contract's largest request, stays in memory, and comes quickly; one address
    # holds only so many requests open.
    client_max_body_size ${API_BODY};
    client_body_buffer_size ${API_BODY};
    client_body_timeout 10s;
    limit_conn portal_api_per_address ${API_REQUESTS_PER_ADDRESS};
    limit_conn_status 429;
    proxy_pass ${apiUpstream};
    # Whom the tokens go to: an https upstream's certificate must chain to these CAs and name its
    # host, which nginx also sends (SNI). (Plain http reads none of these lines.)
    proxy_ssl_verify on;
    proxy_ssl_verify_depth 4;
    proxy_ssl_trusted_certificate ${apiCaFile};
    proxy_ssl_server_name on;
    proxy_ssl_protocols TLSv1.2 TLSv1.3;
    # The upstream's own name, as in the TLS handshake: no client picks another virtual host of a
    # shared gateway. The portal's name goes as X-Forwarded-Host.
    proxy_set_header Host $proxy_host;
    proxy_set_header X-Forwarded-Host $host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header Accept-Encoding "";
    proxy_hide_header Cache-Control;
    proxy_hide_header X-Content-Type-Options;
${withCache('no-store')}
  }
`;
}

/**
 * The access log's format: nginx's "combined", with the address of a sign-in or identity-link
 * callback (/auth/..., /idp/...) written without its query, which carries a code and a state
 * that must not outlive the request in a log; and the per-address count of /api/ requests. In
 * the http context (the file is included there).
 */
const HTTP_CONTEXT = `# A callback's query holds its code and state: the access log keeps its path only.
map $request_uri $portal_logged_uri {
  "~^(?<portal_callback_path>/(?:auth|idp)/[^?]*)\\?" $portal_callback_path;
  default $request_uri;
}
log_format portal_access '$remote_addr - $remote_user [$time_local] "$request_method $portal_logged_uri $server_protocol" '
                         '$status $body_bytes_sent "$http_referer" "$http_user_agent"';
limit_conn_zone $binary_remote_addr zone=portal_api_per_address:1m;

`;

/** The listen line, with the certificate and protocols when it serves TLS. */
function listenLines(listen: string, tls: ServerBlockOptions['tls']): string {
  // `listen ... http2` rather than `http2 on`: the second needs nginx 1.25.1, newer than
  // Debian 12's 1.22, and newer versions still accept the first (with a notice).
  return tls
    ? `  listen ${listen} ssl http2;
  ssl_certificate ${tls.certificate};
  ssl_certificate_key ${tls.key};
  ssl_protocols TLSv1.2 TLSv1.3;`
    : `  listen ${listen};`;
}

/** With TLS, a server block on the plain HTTP port that only redirects; else nothing. */
function httpRedirect(listen: string, tls: ServerBlockOptions['tls'], httpListen: string, serverName: string, accessLog: string): string {
  // With TLS, plain HTTP only says where the portal is: the same host over HTTPS.
  const tlsPort = String(listen).split(':').pop();
  return tls
    ? `# Plain HTTP only sends the browser to HTTPS.
server {
  listen ${httpListen};
  server_name ${serverName};
  server_tokens off;
  access_log ${accessLog} portal_access;
  return 301 https://$host${tlsPort === '443' ? '' : `:${tlsPort}`}$request_uri;
}

`
    : '';
}

/** What the server block is written from: each value already checked, or a placeholder of the container's. */
interface BlockValues {
  prelude: string;
  listenLine: string;
  serverName: string;
  root: string;
  accessLog: string;
  headers: Record<string, string>;
  api?: { upstream: string; caFile: string } | undefined;
  realIpFrom?: string | undefined;
  brotli: boolean;
}

/**
 * The server block. nginx drops a parent's add_header lines in any location that has its
 * own, so every location repeats the security headers next to its Cache-Control.
 */
function serverBlock({ prelude, listenLine, serverName, root, accessLog, headers, api, realIpFrom, brotli }: BlockValues): string {
  const withCache = (cache: string) => `${headerLines(headers, '    ')}\n    add_header Cache-Control ${quote(cache)} always;`;
  const brotliLine = brotli ? '\n    brotli_static on;' : "\n    # brotli_static needs ngx_brotli's static module: write this block with --brotli.";
  const realIp = realIpFrom
    ? `
  # The proxy in front names the client in X-Forwarded-For: the log and the per-address limit see the client.
  set_real_ip_from ${realIpFrom};
  real_ip_header X-Forwarded-For;
  real_ip_recursive on;
`
    : '';
  return `${HTTP_CONTEXT}${prelude}server {
${listenLine}
  server_name ${serverName};
  root ${root};
  server_tokens off;
  charset utf-8;
  access_log ${accessLog} portal_access;
${realIp}
  # index.html, config.json and assets too small to have compressed copies: gzipped on the fly.
  gzip on;
  gzip_vary on;
  gzip_types text/css application/javascript text/javascript application/json image/svg+xml;

  # Hashed file names: cache for a year; a missing asset is a 404, never index.html. The build
  # wrote *.br and *.gz copies at the highest levels: they go out as they are. Only here, so a
  # stale copy of config.json or index.html is never sent.
  location /assets/ {
    try_files $uri =404;
    gzip_static on;${brotliLine}
${withCache('public, max-age=31536000, immutable')}
  }

  # Settings change per deployment without a rebuild: always revalidated.
  location = /config.json {
${withCache('no-cache')}
  }

  # Which commit this is (the build writes it): asked for when something goes wrong, so never
  # an old answer. A missing file is a 404, not the app.
  location = /version.json {
${withCache('no-store')}
  }

  # For load balancers and uptime checks: nginx answers itself, whatever the files or the API
  # do, and a probe every few seconds stays out of the access log.
  location = /healthz {
    access_log off;
    default_type text/plain;
${withCache('no-store')}
    return 200 "ok";
  }

  # The build's manifest is for the team's tools, not for browsers.
  location /.vite/ {
    return 404;
  }
${api ? apiLocation(api.upstream, api.caFile, withCache) : ''}
  # Every other path is a route of the single-page app.
  location / {
    try_files $uri /index.html;
${withCache('no-cache')}
  }
}
`;
}

/** What an option left out (or given as undefined) stands for. */
const DEFAULTS = {
  listen: '8080',
  serverName: '_',
  apiCaFile: SYSTEM_CA_FILE,
  allowHttpUpstream: false,
  accessLog: ACCESS_LOG,
  brotli: false,
  httpListen: '80',
};

/** The server block for a deployment's config.json and options, each checked first (problemsOf). */
export function nginxServerBlock(given: ServerBlockOptions): string {
  const options = { ...DEFAULTS, ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) } as ServerBlockOptions &
    typeof DEFAULTS;
  const problems = problemsOf(options);
  if (problems.length) throw new Error(`nginx-conf: ${problems.join('; ')}`);
  const { config, root, listen, serverName, apiUpstream, apiCaFile, accessLog, realIpFrom, tls, brotli, httpListen } = options;
  return serverBlock({
    prelude: httpRedirect(listen, tls, httpListen, serverName, accessLog),
    listenLine: listenLines(listen, tls),
    serverName,
    root,
    accessLog,
    headers: securityHeaders(config),
    api: apiUpstream ? { upstream: apiUpstream.replace(/\/+$/, ''), caFile: apiCaFile } : undefined,
    realIpFrom,
    brotli,
  });
}

/** A value of the container's environment, filled in as it starts (container-settings.envsh exports and checks each). */
const placeholder = (name: string) => `\${PORTAL_${name}}`;

/**
 * The container's templates (the nginx image fills their placeholders in as it starts): the
 * server block, with the /api/ proxy (with-api/) or without it (without-api/), and the number of
 * worker processes (portal-main/, which the image's nginx.conf includes at its top level). Its
 * Content-Security-Policy names the origins of the mounted config.json and, when it names one,
 * its CSP report path: an empty one leaves the report directives and header out.
 */
export function containerTemplates({ root, listen }: { root: string; listen: string }): Record<string, string> {
  const headers = headersNaming({
    identityProvider: placeholder('IDP_ORIGIN'),
    api: placeholder('API_ORIGIN'),
    errorReporter: placeholder('ERROR_REPORT_ORIGIN'),
    images: placeholder('IMAGE_ORIGIN'),
    report: '',
  });
  headers['Content-Security-Policy'] += '$portal_csp_report';
  headers['Reporting-Endpoints'] = '$portal_reporting_endpoints';
  const report = placeholder('CSP_REPORT_PATH');
  const prelude = `# CSP reports go to config.json's cspReportUrl, when it names one (nginx sends no header whose value is empty).
map "x${report}" $portal_csp_report {
  x "";
  default "; report-uri ${report}; report-to csp";
}
map "x${report}" $portal_reporting_endpoints {
  x "";
  default 'csp="${report}"';
}

`;
  const block = (api: BlockValues['api']) =>
    serverBlock({
      prelude,
      listenLine: listenLines(listen, undefined),
      serverName: placeholder('SERVER_NAME'),
      root,
      accessLog: ACCESS_LOG,
      headers,
      api,
      realIpFrom: placeholder('REAL_IP_FROM'),
      brotli: false,
    });
  const workers = `# One worker for each CPU the container may use (its limit), as container-settings.envsh read it.\nworker_processes ${placeholder('WORKER_PROCESSES')};\n`;
  return {
    'with-api/portal.conf.template': block({ upstream: placeholder('API_UPSTREAM'), caFile: placeholder('API_CA_FILE') }),
    'with-api/portal-main/workers.conf.template': workers,
    'without-api/portal.conf.template': block(undefined),
    'without-api/portal-main/workers.conf.template': workers,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      // The deployment's own settings, never the dev stack's by accident: no default.
      config: { type: 'string' },
      root: { type: 'string', default: '/srv/portal' },
      listen: { type: 'string', default: '8080' },
      'server-name': { type: 'string', default: '_' },
      'api-upstream': { type: 'string' },
      // The CAs an https upstream's certificate must chain to.
      'api-ca-file': { type: 'string', default: SYSTEM_CA_FILE },
      // Plain http to an upstream off this machine: the operator's explicit choice.
      'allow-http-upstream': { type: 'boolean', default: false },
      'access-log': { type: 'string', default: ACCESS_LOG },
      'tls-certificate': { type: 'string' },
      'tls-key': { type: 'string' },
      // With TLS: where plain HTTP is answered with a redirect to HTTPS.
      'http-listen': { type: 'string', default: '80' },
      // Needs ngx_brotli's static module (Debian: libnginx-mod-http-brotli-static).
      brotli: { type: 'boolean', default: false },
      // The proxy in front, whose X-Forwarded-For names the client.
      'real-ip-from': { type: 'string' },
      // The container image's build: its templates, into this folder.
      'template-dir': { type: 'string' },
    },
  });
  if (values['template-dir']) {
    for (const [name, text] of Object.entries(containerTemplates({ root: values.root, listen: values.listen }))) {
      mkdirSync(dirname(join(values['template-dir'], name)), { recursive: true });
      writeFileSync(join(values['template-dir'], name), text);
    }
    process.exit(0);
  }
  if (!values.config) {
    console.error("nginx-conf: --config <the deployment's config.json> is required");
    process.exit(2);
  }
  // nginx would stop on a missing CA file too, later and less plainly.
  if (values['api-upstream']?.startsWith('https:') && !existsSync(values['api-ca-file'])) {
    console.error(`nginx-conf: --api-ca-file ${values['api-ca-file']} does not exist: name the CA certificates the API's certificate chains to`);
    process.exit(2);
  }
  try {
    const config = JSON.parse(readFileSync(values.config, 'utf8'));
    process.stdout.write(
      nginxServerBlock({
        config,
        root: values.root,
        listen: values.listen,
        serverName: values['server-name'],
        apiUpstream: values['api-upstream'],
        apiCaFile: values['api-ca-file'],
        allowHttpUpstream: values['allow-http-upstream'],
        accessLog: values['access-log'],
        realIpFrom: values['real-ip-from'],
        tls: values['tls-certificate'] || values['tls-key'] ? { certificate: values['tls-certificate'], key: values['tls-key'] } : undefined,
        brotli: values.brotli,
        httpListen: values['http-listen'],
      }),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
