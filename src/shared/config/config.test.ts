import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SocialProvider } from '../../../generated/model/socialProvider';
import { loadConfig, config } from './config';
import { parseConfig, SOCIAL_PROVIDER_NAMES } from './configSchema';

const devConfig = JSON.parse(readFileSync('public/config.json', 'utf8'));

describe('parseConfig', () => {
  it('accepts the dev stack config and trims trailing slashes', () => {
    const parsed = parseConfig({ ...devConfig, oidcAuthority: 'https://sso.example.edu/' });
    expect(parsed).toEqual({ config: { ...devConfig, oidcAuthority: 'https://sso.example.edu', cspReportUrl: '', errorReportUrl: '' } });
    expect(devConfig.socialAuthorizeOrigins).toEqual({ iamsmart: 'self', facebook: 'self', linkedin: 'self', google: 'self', apple: 'self' });
  });

  it.each([
    ['oidcAuthority', 'http://sso.example.edu.hk/oauth2/default'],
    ['apiBase', 'http://api.example.edu.hk'],
    ['centralSignInUrl', 'http://sso.example.edu.hk'],
    ['centralSignOutUrl', 'http://sso.example.edu.hk/logout'],
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

  // The dev stack's settings without their mark: what a build would ship if nothing looked.
  const production = { ...devConfig, dev: undefined, socialAuthorizeOrigins: undefined };
  const https = {
    ...production,
    oidcAuthority: 'https://sso.example.edu.hk',
    centralSignInUrl: 'https://sso.example.edu.hk',
    centralSignOutUrl: 'https://sso.example.edu.hk/logout',
  };

  it('the dev stack config is marked dev, and only a dev config may name this machine or plain http', () => {
    expect(devConfig.dev).toBe(true);
    expect(parseConfig(https)).toMatchObject({ config: { dev: false } });
    expect(parseConfig(production)).toEqual({
      errors: ['oidcAuthority', 'centralSignInUrl', 'centralSignOutUrl'].map(
        (name) => `${name} names this machine or plain http:, which only a config marked "dev": true may do`,
      ),
    });
    for (const url of ['https://localhost:9000', 'https://127.0.0.1', 'https://portal.localhost', 'https://127.1.2.3']) {
      expect(parseConfig({ ...https, oidcAuthority: url }), url).toHaveProperty('errors');
    }
    expect(parseConfig({ ...https, dev: 'yes' })).toEqual({ errors: ['dev must be true or false'] });
  });

  it('uses a dev config only when the page itself is served from this machine', () => {
    for (const pageOrigin of ['http://localhost:4173', 'https://portal.localhost:4181', 'http://127.0.0.1:5173']) {
      expect(parseConfig(devConfig, { pageOrigin }), pageOrigin).toHaveProperty('config');
    }
    expect(parseConfig(devConfig, { pageOrigin: 'https://portal.example.edu.hk' })).toEqual({
      errors: ['settings marked "dev": true are for this machine only, not portal.example.edu.hk'],
    });
    expect(parseConfig(https, { pageOrigin: 'https://portal.example.edu.hk' })).toHaveProperty('config');
  });

  it.each([
    ['/csp-report', true],
    ['/api/v1/csp-report', true],
    ['https://reports.example.edu.hk/csp', false],
    ['http://localhost:4173/csp', false],
    ['//reports.example.edu.hk/csp', false],
    ['/csp?x=1', false],
    ['/csp#x', false],
    ['/csp; script-src *', false],
    ['csp-report', false],
  ])('cspReportUrl %j: on the portal own origin only (%s)', (cspReportUrl, accepted) => {
    const parsed = parseConfig({ ...https, cspReportUrl });
    if (accepted) expect(parsed).toMatchObject({ config: { cspReportUrl } });
    else expect(parsed).toEqual({ errors: [expect.stringMatching(/^cspReportUrl must be a path on the portal’s own origin/)] });
  });

  it.each([
    [{ google: 'https://accounts.google.com' }, false, { google: 'https://accounts.google.com' }],
    [{ iamsmart: 'https://apps.iamsmart.example.gov.hk' }, false, { iamsmart: 'https://apps.iamsmart.example.gov.hk' }],
    [{ google: 'self' }, true, { google: 'self' }],
    [{ google: 'http://localhost:4173' }, true, { google: 'http://localhost:4173' }],
    [{ google: 'self' }, false, undefined],
    [{ google: 'http://accounts.google.com' }, false, undefined],
    [{ google: 'http://localhost:4173' }, false, undefined],
    [{ google: 'https://accounts.google.com/o/oauth2' }, false, undefined],
    [{ google: 'https://user@accounts.google.com' }, false, undefined],
    [{ myspace: 'https://myspace.example' }, false, undefined],
    [['https://accounts.google.com'], false, undefined],
  ])('socialAuthorizeOrigins %j (dev: %s) gives %j', (socialAuthorizeOrigins, dev, expected) => {
    const parsed = parseConfig({ ...(dev ? devConfig : https), socialAuthorizeOrigins });
    if (expected) expect(parsed).toMatchObject({ config: { socialAuthorizeOrigins: expected } });
    else expect(parsed).toHaveProperty('errors');
  });

  it('lists every problem at once', () => {
    const parsed = parseConfig({ dev: true, oidcAuthority: 'javascript:alert(1)', apiBase: 'ftp://x', socialIdentities: 'yes' });
    expect(parsed).toEqual({
      errors: [
        'oidcClientId must be a non-empty string',
        'centralSignInUrl must be a non-empty string',
        'centralSignOutUrl must be a non-empty string',
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

it("names the contract's social providers", () => {
  expect([...SOCIAL_PROVIDER_NAMES].sort()).toEqual(Object.values(SocialProvider).sort());
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
