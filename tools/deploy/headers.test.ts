import { describe, expect, it } from 'vitest';
import { securityHeaders } from './headers.ts';

const connectSrc = (settings: Parameters<typeof securityHeaders>[0]) =>
  /connect-src ([^;]*)/.exec(securityHeaders(settings)['Content-Security-Policy']!)?.[1];

describe('securityHeaders: where the page may send requests (connect-src)', () => {
  const base = { oidcAuthority: 'https://sso.example.edu.hk/oauth2/default' };

  it('names the identity provider and an API on another origin', () => {
    expect(connectSrc(base)).toBe("'self' https://sso.example.edu.hk");
    expect(connectSrc({ ...base, apiBase: 'https://api.example.edu.hk' })).toBe("'self' https://sso.example.edu.hk https://api.example.edu.hk");
  });

  it("adds the error reporter's origin (not its path) when errorReportUrl is set", () => {
    expect(connectSrc({ ...base, errorReportUrl: '' })).toBe("'self' https://sso.example.edu.hk");
    expect(connectSrc({ ...base, errorReportUrl: 'https://errors.example.edu.hk:8443/collect?app=portal' })).toBe(
      "'self' https://sso.example.edu.hk https://errors.example.edu.hk:8443",
    );
    // Reports that go to the identity provider's or the API's origin add nothing.
    expect(connectSrc({ ...base, errorReportUrl: 'https://sso.example.edu.hk/errors' })).toBe("'self' https://sso.example.edu.hk");
  });

  it.each([
    'mailto:it@example.edu.hk',
    'javascript:alert(1)',
    'https://errors.example.edu.hk/a b',
    "https://e.example/x;script-src 'unsafe-inline'",
    'not a url',
  ])('leaves out an errorReportUrl that is not a plain http(s) URL: %s', (errorReportUrl) => {
    const csp = securityHeaders({ ...base, errorReportUrl })['Content-Security-Policy']!;
    expect(connectSrc({ ...base, errorReportUrl })).toBe("'self' https://sso.example.edu.hk");
    // Nothing of it can end the directive and add one of its own.
    expect(csp.match(/script-src/g)).toEqual(['script-src']);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  // A violation report carries the address of the page it happened on, query and all: on a
  // callback page, its code and state. They go to the portal's own origin or nowhere.
  it('reports CSP violations only to a path on the portal own origin', () => {
    const same = securityHeaders({ ...base, cspReportUrl: '/csp-report' });
    expect(same['Reporting-Endpoints']).toBe('csp="/csp-report"');
    expect(same['Content-Security-Policy']).toContain('report-uri /csp-report; report-to csp');
    for (const cspReportUrl of [
      'https://reports.example.edu.hk/csp',
      '//reports.example.edu.hk/csp',
      'mailto:x@example.edu.hk',
      '/csp; script-src *',
      '/csp?x=1',
      'csp',
    ]) {
      const headers = securityHeaders({ ...base, cspReportUrl });
      expect(headers['Reporting-Endpoints'], cspReportUrl).toBeUndefined();
      expect(headers['Content-Security-Policy'], cspReportUrl).not.toMatch(/report-(uri|to)/);
    }
  });
});
