import { describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module of the deployment scripts
import { nginxServerBlock, problemsOf } from './nginx-conf.mjs';

const config = { oidcAuthority: 'https://sso.example.edu.hk/oauth2/default', apiBase: '' };

describe('nginx server block', () => {
  it('repeats the security headers in every location, naming only the configured identity provider', () => {
    const block: string = nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'http://backend:8080' });
    const locations = block.split('location ').slice(1);
    expect(locations.map((l) => l.split(' ')[0])).toEqual(['/assets/', '=', '/.vite/', '/api/', '/']);
    for (const location of locations.filter((l) => l.includes('add_header Cache-Control'))) {
      expect(location).toContain("add_header Content-Security-Policy \"default-src 'self'; script-src 'self';");
      expect(location).toContain('connect-src \'self\' https://sso.example.edu.hk;');
      expect(location).toContain('add_header X-Content-Type-Options "nosniff" always;');
    }
    expect(block).toContain('try_files $uri /index.html;');
    expect(block).toContain('try_files $uri =404;');
  });

  it('sends the precompressed copies of assets only, brotli only when asked (it needs a module)', () => {
    const locations = (block: string) => Object.fromEntries(block.split('location ').slice(1).map((l) => [l.split(' {')[0], l]));
    const plain = locations(nginxServerBlock({ config, root: '/srv/portal', apiUpstream: 'http://backend:8080' }));
    expect(plain['/assets/']).toContain('gzip_static on;');
    expect(plain['/assets/']).not.toMatch(/^ *brotli_static on;/m);
    // A stale compressed copy of config.json or index.html must never go out.
    for (const other of ['= /config.json', '/']) expect(plain[other]).not.toContain('_static on;');
    // API answers carry secrets: not compressed.
    expect(plain['/api/']).toContain('gzip off;');
    const withBrotli = locations(nginxServerBlock({ config, root: '/srv/portal', brotli: true }));
    expect(withBrotli['/assets/']).toMatch(/^ *brotli_static on;/m);
  });

  it('listens with TLS and HTTP/2 when given a certificate and key', () => {
    expect(nginxServerBlock({ config, root: '/srv/portal' })).toMatch(/^ {2}listen 8080;$/m);
    const block: string = nginxServerBlock({ config, root: '/srv/portal', listen: '443', tls: { certificate: '/etc/ssl/portal.pem', key: '/etc/ssl/portal.key' } });
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
    [{ config, root: '/srv; include /etc/passwd' }, 'root'],
    [{ config, root: '/srv', serverName: 'a{b}' }, 'serverName'],
    [{ config, root: '/srv', apiUpstream: 'http://x$1' }, 'apiUpstream'],
  ])('refuses %j', (input, field) => {
    expect(problemsOf(input).join(' ')).toContain(field);
    expect(() => nginxServerBlock(input)).toThrow(field);
  });
});
