import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseConfig, config } from './config';

const devConfig = JSON.parse(readFileSync('public/config.json', 'utf8'));

describe('parseConfig', () => {
  it('accepts the dev stack config and trims trailing slashes', () => {
    const parsed = parseConfig({ ...devConfig, oidcAuthority: 'https://sso.example.edu/' });
    expect(parsed).toEqual({ config: { ...devConfig, oidcAuthority: 'https://sso.example.edu', cspReportUrl: '', errorReportUrl: '' } });
  });

  it.each([
    ['oidcAuthority', 'http://sso.example.edu.hk/oauth2/default'],
    ['apiBase', 'http://api.example.edu.hk'],
    ['centralSignInUrl', 'http://sso.example.edu.hk'],
    ['centralSignOutUrl', 'http://sso.example.edu.hk/logout'],
    ['cspReportUrl', 'http://reports.example.edu.hk/csp'],
    ['oktaOrgUrl', 'http://university.okta.com'],
    ['errorReportUrl', 'http://errors.example.edu.hk/collect'],
  ])('refuses a production %s over plain http', (name, value) => {
    expect(parseConfig({ ...devConfig, [name]: value })).toEqual({
      errors: [`${name} must use https: (plain http: is allowed only on localhost or 127.0.0.1)`],
    });
  });

  it('allows plain http on this machine only', () => {
    expect(parseConfig({ ...devConfig, apiBase: 'http://127.0.0.1:4010', oidcAuthority: 'http://localhost:9000' })).toHaveProperty('config');
    expect(parseConfig({ ...devConfig, oidcAuthority: 'http://localhost.evil.example:9000' })).toHaveProperty('errors');
  });

  it('lists every problem at once', () => {
    const parsed = parseConfig({ oidcAuthority: 'javascript:alert(1)', apiBase: 'ftp://x', socialIdentities: 'yes' });
    expect(parsed).toEqual({
      errors: [
        'oidcClientId must be a non-empty string',
        'centralSignInUrl must be a non-empty string',
        'centralSignOutUrl must be a non-empty string',
        'webauthnRpId must be a non-empty string',
        'socialIdentities must be true or false',
        'oidcAuthority must be an http(s) URL',
        'apiBase must be empty or an http(s) URL',
      ],
    });
  });

  it.each([null, [], 'text', 42])('refuses %j', (value) => {
    expect(parseConfig(value)).toEqual({ errors: ['the file is not a JSON object'] });
  });

  it('takes an optional error report address', () => {
    expect(parseConfig({ ...devConfig, errorReportUrl: 'https://errors.example.edu.hk/collect' })).toMatchObject({
      config: { errorReportUrl: 'https://errors.example.edu.hk/collect' },
    });
    expect(parseConfig({ ...devConfig, errorReportUrl: 'mailto:it@example.edu.hk' })).toEqual({
      errors: ['errorReportUrl must be empty or an http(s) URL'],
    });
  });

  it('hides the social box unless it is switched on', () => {
    const { socialIdentities, ...rest } = devConfig;
    expect(socialIdentities).toBe(true);
    expect(parseConfig(rest)).toMatchObject({ config: { socialIdentities: false } });
  });
});

describe('loadConfig', () => {
  it('applies the served file', async () => {
    const served = { ...devConfig, oidcClientId: 'other-client' };
    await loadConfig(async () => Response.json(served));
    expect(config.oidcClientId).toBe('other-client');
    await loadConfig(async () => Response.json(devConfig));
    expect(config.oidcClientId).toBe('account-portal');
  });

  it('explains a missing or broken file', async () => {
    await expect(loadConfig(async () => new Response('nope', { status: 404 }))).rejects.toThrow('/config.json answered HTTP 404');
    await expect(loadConfig(async () => new Response('{'))).rejects.toThrow('/config.json: the file is not a JSON object');
  });
});
