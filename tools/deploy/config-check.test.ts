import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configProblems } from './config-check.ts';

const dev = JSON.parse(readFileSync('public/config.json', 'utf8')) as Record<string, unknown>;

describe('the config a production build ships', () => {
  it('the dev stack config passes: it is marked dev', () => {
    expect(dev.dev).toBe(true);
    expect(configProblems(JSON.stringify(dev))).toEqual([]);
  });

  it('the same settings without the mark are refused', () => {
    expect(configProblems(JSON.stringify({ ...dev, dev: undefined }))).toEqual(
      expect.arrayContaining(['oidcAuthority names this machine or plain http:, which only a config marked "dev": true may do']),
    );
    expect(configProblems(JSON.stringify({ ...dev, dev: false, socialAuthorizeOrigins: undefined }))).not.toEqual([]);
  });

  it('a production config passes', () => {
    const production = {
      oidcAuthority: 'https://sso.example.edu.hk/oauth2/default',
      oidcClientId: 'account-portal',
      centralSignInUrl: 'https://sso.example.edu.hk',
      centralSignOutUrl: 'https://sso.example.edu.hk/logout',
      socialIdentities: true,
      cspReportUrl: '/csp-report',
    };
    expect(configProblems(JSON.stringify(production))).toEqual([]);
  });

  it('broken JSON is refused', () => {
    expect(configProblems('{')[0]).toMatch(/^not JSON/);
  });
});
