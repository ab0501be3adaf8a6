import { describe, expect, it } from 'vitest';
import { containerTemplates, nginxServerBlock, problemsOf } from './nginx-conf.ts';

const config = { oidcAuthority: 'https://sso.example.edu.hk/oauth2/default', apiBase: '' };

describe('nginx server block', () => {
  it('takes the dev stack settings (marked dev) only when listening on this machine', () => {
    const dev = { oidcAuthority: 'http://localhost:9000', centralSignInUrl: 'http://localhost:9000', dev: true };
    expect(problemsOf({ config: dev, root: '/srv', listen: '127.0.0.1:4180' })).toEqual([]);
    expect(problemsOf({ config: dev, root: '/srv', listen: 'localhost:4443' })).toEqual([]);
    expect(problemsOf({ config: dev, root: '/srv', listen: '[::1]:8080' })).toEqual([]);
    expect(problemsOf({ config: dev, root: '/srv' })).not.toEqual([]);
    // With TLS, the plain-HTTP redirect listens too: on this machine only as well.
    const tls = { certificate: '/c', key: '/k' };
    expect(problemsOf({ config: dev, root: '/srv', listen: '127.0.0.1:4443', tls, httpListen: '127.0.0.1:4480' })).toEqual([]);
    expect(problemsOf({ config: dev, root: '/srv', listen: '127.0.0.1:4443', tls, httpListen: '[::1]:4480' })).toEqual([]);
    for (const httpListen of [undefined, '80', '0.0.0.0:80', '192.0.2.7:80']) {
      expect(problemsOf({ config: dev, root: '/srv', listen: '127.0.0.1:4443', tls, httpListen }).join(' '), String(httpListen)).toContain(
        '--http-listen on 127.0.0.1 or localhost',
      );
    }
  });

  it('repeats the security headers in every location, naming only the configured identity provider', () => {
    const block: string = nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'https://api.example.edu.hk' });
    const locations = block.split('location ').slice(1);
    expect(locations.map((l) => l.split(' {')[0])).toEqual(['/assets/', '= /config.json', '= /version.json', '= /healthz', '/.vite/', '/api/', '/']);
    for (const location of locations.filter((l) => l.includes('add_header Cache-Control'))) {
      expect(location).toContain("add_header Content-Security-Policy \"default-src 'self'; script-src 'self';");
      expect(location).toContain("connect-src 'self' https://sso.example.edu.hk;");
      expect(location).toContain('add_header X-Content-Type-Options "nosniff" always;');
    }
    expect(block).toContain('try_files $uri /index.html;');
    expect(block).toContain('try_files $uri =404;');
  });

  it('sends the precompressed copies of assets only, brotli only when asked (it needs a module)', () => {
    const locations = (block: string) =>
      Object.fromEntries(
        block
          .split('location ')
          .slice(1)
          .map((l) => [l.split(' {')[0], l]),
      );
    const plain = locations(nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'https://api.example.edu.hk' }));
    expect(plain['/assets/']).toContain('gzip_static on;');
    expect(plain['/assets/']).not.toMatch(/^ *brotli_static on;/m);
    // A stale compressed copy of config.json or index.html must never go out.
    for (const other of ['= /config.json', '/']) expect(plain[other]).not.toContain('_static on;');
    // API answers carry secrets: not compressed.
    expect(plain['/api/']).toContain('gzip off;');
    const withBrotli = locations(nginxServerBlock({ config, root: '/srv/portal', brotli: true }));
    expect(withBrotli['/assets/']).toMatch(/^ *brotli_static on;/m);
  });

  it('answers /healthz itself: 200, a plain "ok", never cached or logged, never the app', () => {
    const health = nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'https://api.example.edu.hk' })
      .split('location = /healthz {')[1]!
      .split('\n  }')[0]!;
    expect(health).toContain('return 200 "ok";');
    expect(health).toContain('default_type text/plain;');
    expect(health).toContain('add_header Cache-Control "no-store" always;');
    expect(health).toContain('access_log off;');
    // An exact match wins over the prefix location of the SPA fallback, and answers before any file lookup.
    expect(health).not.toContain('try_files');
    expect(health).toContain('add_header X-Content-Type-Options "nosniff" always;');
  });

  it('sends version.json uncached, and a 404 rather than the app when the build has none', () => {
    const version = nginxServerBlock({ config, root: '/srv/portal' }).split('location = /version.json {')[1]!.split('\n  }')[0]!;
    expect(version).toContain('add_header Cache-Control "no-store" always;');
    expect(version).not.toContain('try_files');
    expect(version).not.toContain('_static on;');
  });

  it('checks whom /api talks to: an https upstream’s certificate against the CA file, by name, with SNI', () => {
    const api = (options: Partial<Parameters<typeof nginxServerBlock>[0]>) =>
      nginxServerBlock({ config, root: '/srv/portal', ...options })
        .split('location /api/ {')[1]!
        .split('\n  }')[0]!;
    const https = api({ apiUpstream: 'https://api.example.edu.hk' });
    expect(https).toContain('proxy_pass https://api.example.edu.hk;');
    expect(https).toContain('proxy_ssl_verify on;');
    expect(https).toContain('proxy_ssl_server_name on;');
    expect(https).toContain('proxy_ssl_trusted_certificate /etc/ssl/certs/ca-certificates.crt;');
    expect(api({ apiUpstream: 'https://api.example.edu.hk', apiCaFile: '/etc/portal/university-ca.pem' })).toContain(
      'proxy_ssl_trusted_certificate /etc/portal/university-ca.pem;',
    );
    // Plain http on this machine, or where the operator names it (nginx reads no proxy_ssl line for it).
    expect(api({ apiUpstream: 'http://127.0.0.1:8081' })).toContain('proxy_pass http://127.0.0.1:8081;');
    expect(api({ apiUpstream: 'http://backend:8080', allowHttpUpstream: true })).toContain('proxy_pass http://backend:8080;');
  });

  it('sends the upstream its own name as Host, the portal’s as X-Forwarded-Host, and asks for no compression', () => {
    const api = nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'https://api.example.edu.hk' })
      .split('location /api/ {')[1]!
      .split('\n  }')[0]!;
    expect(api).toContain('proxy_set_header Host $proxy_host;');
    expect(api).toContain('proxy_set_header X-Forwarded-Host $host;');
    expect(api).toContain('proxy_set_header Accept-Encoding "";');
    expect(api).not.toMatch(/ Host \$host;/);
  });

  it('takes /api/ bodies only as large as the contract’s largest request, in memory, quickly, and so many at once from one address', () => {
    const block = nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'https://api.example.edu.hk', realIpFrom: '10.0.0.0/8' });
    const api = block.split('location /api/ {')[1]!.split('\n  }')[0]!;
    const size = /client_max_body_size (\w+);/.exec(api)![1];
    expect(api).toContain(`client_body_buffer_size ${size};`);
    expect(api).toContain('client_body_timeout 10s;');
    expect(api).toMatch(/limit_conn portal_api_per_address \d+;/);
    expect(block).toMatch(/^limit_conn_zone \$binary_remote_addr zone=portal_api_per_address:1m;$/m);
    // Behind a proxy, the client is the one its X-Forwarded-For names.
    expect(block).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(nginxServerBlock({ config, root: '/srv/portal' })).not.toContain('set_real_ip_from');
  });

  it('writes the container’s templates with placeholders only for what the environment and config.json give', () => {
    const templates = containerTemplates({ root: '/usr/share/nginx/html', listen: '8080' });
    expect(Object.keys(templates).sort()).toEqual([
      'with-api/portal-main/workers.conf.template',
      'with-api/portal.conf.template',
      'without-api/portal-main/workers.conf.template',
      'without-api/portal.conf.template',
    ]);
    const names = (text: string) => [...new Set([...text.matchAll(/\$\{(\w+)\}/g)].map(([, name]) => name))].sort();
    expect(names(templates['with-api/portal.conf.template']!)).toEqual([
      'PORTAL_API_CA_FILE',
      'PORTAL_API_ORIGIN',
      'PORTAL_API_UPSTREAM',
      'PORTAL_CSP_REPORT_PATH',
      'PORTAL_ERROR_REPORT_ORIGIN',
      'PORTAL_IDP_ORIGIN',
      'PORTAL_IMAGE_ORIGIN',
      'PORTAL_REAL_IP_FROM',
      'PORTAL_SERVER_NAME',
    ]);
    expect(templates['without-api/portal.conf.template']).not.toContain('location /api/');
    expect(templates['with-api/portal-main/workers.conf.template']).toContain('worker_processes ${PORTAL_WORKER_PROCESSES};');
  });

  it.each(['http://backend:8080', 'http://10.0.0.7', 'http://api.example.edu.hk/', 'http://api.localhost:8080'])(
    'refuses plain http to %s unless the operator names it (the bearer tokens would cross the network unencrypted)',
    (apiUpstream) => {
      expect(problemsOf({ config, root: '/srv', apiUpstream }).join(' ')).toContain('is plain http off this machine');
      expect(problemsOf({ config, root: '/srv', apiUpstream, allowHttpUpstream: true })).toEqual([]);
    },
  );

  it('writes the access log in a format that keeps no callback’s query, from every server', () => {
    const block = nginxServerBlock({ config, root: '/srv', tls: { certificate: '/c', key: '/k' }, accessLog: '/var/log/portal/access.log' });
    expect(block).toMatch(
      /^map \$request_uri \$portal_logged_uri \{\n {2}"~\^\(\?<portal_callback_path>\/\(\?:auth\|idp\)\/\[\^\?\]\*\)\\\?" \$portal_callback_path;/m,
    );
    expect(block).toContain('"$request_method $portal_logged_uri $server_protocol"');
    expect(block).not.toMatch(/\$request[ "']/);
    // The HTTPS server and the plain-HTTP redirect both.
    expect(block.match(/access_log \/var\/log\/portal\/access\.log portal_access;/g)).toHaveLength(2);
  });

  it('keeps API answers out of every cache and never sniffed, whatever the backend says', () => {
    const api = nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'https://api.example.edu.hk' })
      .split('location /api/ {')[1]!
      .split('\n  }')[0]!;
    expect(api).toContain('proxy_hide_header Cache-Control;');
    expect(api).toContain('add_header Cache-Control "no-store" always;');
    expect(api).toContain('add_header X-Content-Type-Options "nosniff" always;');
  });

  it('sends the isolation headers, and CSP reports where config.json asks', () => {
    const plain: string = nginxServerBlock({ config, root: '/srv/portal' });
    expect(plain).toContain('add_header Cross-Origin-Opener-Policy "same-origin" always;');
    expect(plain).toContain('add_header Cross-Origin-Resource-Policy "same-origin" always;');
    expect(plain).toContain('add_header Referrer-Policy "no-referrer" always;');
    expect(plain).not.toContain('report-uri');
    const reporting: string = nginxServerBlock({ config: { ...config, cspReportUrl: '/csp-report' }, root: '/srv/portal' });
    expect(reporting).toContain('report-uri /csp-report; report-to csp"');
    expect(reporting).toContain('add_header Reporting-Endpoints "csp=\\"/csp-report\\"" always;');
  });

  it('lets the page send error reports to the origin of errorReportUrl, and nowhere else', () => {
    expect(nginxServerBlock({ config, root: '/srv/portal' })).toContain("connect-src 'self' https://sso.example.edu.hk;");
    const reporting: string = nginxServerBlock({
      config: { ...config, errorReportUrl: 'https://errors.example.edu.hk/collect/portal' },
      root: '/srv/portal',
    });
    expect(reporting).toContain("connect-src 'self' https://sso.example.edu.hk https://errors.example.edu.hk;");
    expect(reporting).not.toContain('/collect/portal');
  });

  it("lets images come from the Okta organisation's host, exactly, and from nowhere else", () => {
    expect(nginxServerBlock({ config, root: '/srv/portal' })).toContain("img-src 'self' data:;");
    const okta: string = nginxServerBlock({ config: { ...config, oktaOrgUrl: 'https://university.okta.com/' }, root: '/srv/portal' });
    expect(okta).toContain("img-src 'self' data: https://university.okta.com;");
  });

  it('with TLS, answers plain HTTP only with a redirect to HTTPS', () => {
    expect(nginxServerBlock({ config, root: '/srv/portal' })).not.toContain('return 301');
    const standard: string = nginxServerBlock({ config, root: '/srv/portal', listen: '443', tls: { certificate: '/c.pem', key: '/k.pem' } });
    expect(standard).toMatch(
      /server \{\n {2}listen 80;\n {2}server_name _;\n {2}server_tokens off;\n {2}access_log \S+ portal_access;\n {2}return 301 https:\/\/\$host\$request_uri;\n\}/,
    );
    const other: string = nginxServerBlock({
      config,
      root: '/srv/portal',
      listen: '127.0.0.1:4443',
      httpListen: '127.0.0.1:8081',
      tls: { certificate: '/c.pem', key: '/k.pem' },
    });
    expect(other).toContain('listen 127.0.0.1:8081;');
    expect(other).toContain('return 301 https://$host:4443$request_uri;');
  });

  it('listens with TLS and HTTP/2 when given a certificate and key', () => {
    expect(nginxServerBlock({ config, root: '/srv/portal' })).toMatch(/^ {2}listen 8080;$/m);
    const block: string = nginxServerBlock({
      config,
      root: '/srv/portal',
      listen: '443',
      tls: { certificate: '/etc/ssl/portal.pem', key: '/etc/ssl/portal.key' },
    });
    expect(block).toMatch(/^ {2}listen 443 ssl http2;$/m);
    expect(block).toContain('ssl_certificate /etc/ssl/portal.pem;');
    expect(block).toContain('ssl_certificate_key /etc/ssl/portal.key;');
    expect(block).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
  });

  it.each([
    [{ config, root: '/srv', tls: { certificate: '/etc/ssl/portal.pem' } }, 'certificate and its key'],
    [{ config, root: '/srv', tls: { certificate: '/etc/ssl/a b.pem', key: '/k' } }, 'tlsCertificate'],
    [{ config: { oidcAuthority: 'https://a$host.example' }, root: '/srv' }, 'config.oidcAuthority'],
    [{ config: { oidcAuthority: 'not a url' }, root: '/srv' }, 'config.oidcAuthority'],
    [{ config: { ...config, apiBase: 'javascript:alert(1)' }, root: '/srv' }, 'config.apiBase'],
    [{ config: { oidcAuthority: 'http://sso.example.edu.hk' }, root: '/srv' }, 'config.oidcAuthority must use https:'],
    [{ config: { ...config, apiBase: 'http://api.example.edu.hk' }, root: '/srv' }, 'config.apiBase must use https:'],
    [{ config: { ...config, cspReportUrl: '/x y' }, root: '/srv' }, 'config.cspReportUrl'],
    [
      { config: { ...config, cspReportUrl: 'https://reports.example.edu.hk/csp' }, root: '/srv' },
      'config.cspReportUrl must be empty or a path on the portal’s own origin',
    ],
    // The dev stack's settings: refused without their mark, and with it anywhere but on this machine.
    [
      { config: { oidcAuthority: 'http://localhost:9000' }, root: '/srv', listen: '127.0.0.1:4180' },
      'config.oidcAuthority names this machine or plain http:',
    ],
    [{ config: { ...config, centralSignInUrl: 'https://localhost:9000' }, root: '/srv' }, 'config.centralSignInUrl names this machine'],
    [{ config: { oidcAuthority: 'http://localhost:9000', dev: true }, root: '/srv' }, 'config is marked "dev": true, which is for this machine only'],
    [{ config: { oidcAuthority: 'http://localhost:9000', dev: true }, root: '/srv', listen: '0.0.0.0:8080' }, 'listen on 127.0.0.1 or localhost'],
    [{ config: { ...config, dev: 'yes' as unknown as boolean }, root: '/srv' }, 'config.dev must be true or false'],
    [{ config: { ...config, errorReportUrl: 'https://e.example/x;y' }, root: '/srv' }, 'config.errorReportUrl must be empty or a plain http(s) URL'],
    [{ config: { ...config, errorReportUrl: 'mailto:it@example.edu.hk' }, root: '/srv' }, 'config.errorReportUrl'],
    [{ config: { ...config, errorReportUrl: 'http://errors.example.edu.hk/c' }, root: '/srv' }, 'config.errorReportUrl must use https:'],
    [{ config, root: '/srv', tls: { certificate: '/c', key: '/k' }, httpListen: '80; include x' }, 'httpListen'],
    [{ config, root: '/srv; include /etc/passwd' }, 'root'],
    [{ config, root: '/srv', serverName: 'a{b}' }, 'serverName'],
    [{ config, root: '/srv', serverName: '#a' }, 'serverName'],
    [{ config, root: '/srv', realIpFrom: '10.0.0.0/8; allow all' }, 'realIpFrom'],
    [{ config, root: '/srv', apiUpstream: 'https://x$1' }, 'apiUpstream'],
    [{ config, root: '/srv', apiUpstream: 'ftp://backend' }, 'apiUpstream must be an http(s) URL'],
    [{ config, root: '/srv', apiUpstream: 'https://user:pw@backend' }, 'apiUpstream must be an http(s) URL with no user name or password'],
    [{ config, root: '/srv', apiUpstream: 'https://backend', apiCaFile: '/etc/ssl/a b.pem' }, 'apiCaFile'],
    [{ config, root: '/srv', accessLog: '/var/log/x; include /etc/passwd' }, 'accessLog'],
  ])('refuses %j', (input: Parameters<typeof problemsOf>[0], field) => {
    expect(problemsOf(input).join(' ')).toContain(field);
    expect(() => nginxServerBlock(input)).toThrow(field);
  });
});
