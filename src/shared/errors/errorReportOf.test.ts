import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../tests/support/renderRoute';
import { createAppRouter, routePathsOf } from '../../router';
import { browserOf, createErrorReporter, errorReportOf, routeOf } from './errorReportOf';

/** The app's own routes, as the app hands them to the reports. */
const routes = routePathsOf(createAppRouter({ auth: fakeAuth(), queryClient: new QueryClient() }));

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const where = {
  path: '/profile/mfa',
  routes,
  build: 'https://portal.example/assets/index-1a2b.js',
  language: 'en',
  userAgent: CHROME,
  now: new Date('2026-11-23T10:00:00Z'),
};

const parseError = (() => {
  try {
    JSON.parse('{"answer": bitter melon}');
  } catch (error) {
    return error;
  }
  return undefined;
})();

/** An error whose message, name and stack all carry `secret`, thrown from the portal's own file. */
function carrying(secret: string, name = 'Error') {
  const error = new Error(`failed: ${secret}`);
  error.name = name;
  error.stack = `${name}: failed: ${secret}\n    at load (https://portal.example/assets/app-B46E5Ll_.js:12:345)\n    at https://${secret}/x.js:1:2\n    at eval (eval at run (https://portal.example/assets/app-B46E5Ll_.js?${secret}:1:1))`;
  return error;
}

describe('errorReportOf: the shapes pattern scrubbing let through carry nothing, because no free text is sent', () => {
  it.each([
    ['a lowercase base32 secret', 'jbswy3dpehpk3pxp'],
    ['a short base32 secret', 'JBSWY3DPEHPK'],
    ['a 5-digit code', '91827'],
    ['a refresh token in JSON', '"refresh_token":"rt-8f3a9c2e1b"'],
    ['user:pass@ in a URL', 'https://alice:hunter2@example.edu.hk/x'],
    ['a non-ASCII email', '陳大文@例子.香港'],
    ['a callback query', '?code=abc123&state=xyz9'],
    ['a token', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'],
  ])('%s', (_, secret) => {
    const sent = JSON.stringify(errorReportOf(carrying(secret), 'error', { ...where, path: `/profile/${secret}` }));
    expect(sent).not.toContain(secret);
    for (const part of secret.split(/[^A-Za-z0-9\u4e00-\u9fff]+/).filter((piece) => piece.length >= 4)) expect(sent).not.toContain(part);
  });

  it('a JSON.parse error that quotes its input', () => {
    expect((parseError as Error).message).toContain('bitter');
    expect(JSON.stringify(errorReportOf(parseError, 'error', where))).not.toMatch(/bitter|melon|answer/);
  });

  it('an error whose class name is itself a secret', () => {
    const report = errorReportOf(carrying('x', 'JBSWY3DPEHPK3PXP'), 'error', where);
    expect(report.errorClass).toBe('Error');
  });
});

describe('errorReportOf', () => {
  it('tells what broke and where: class, route pattern, build, browser, own frames', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'factors')");
    error.stack = `TypeError: x\n    at Wizard (https://portal.example/assets/PhoneWizard-CNeMiEKg.js:12:34)\n    at https://portal.example/assets/app-B46E5Ll_.js:1:99`;
    const report = errorReportOf(error, 'render', { ...where, path: '/profile/mfa/enroll/OKTA/sms' });
    expect(report).toEqual({
      kind: 'render',
      errorClass: 'TypeError',
      route: '/profile/mfa/enroll/OKTA/sms',
      build: 'index-1a2b.js',
      browser: 'Chrome 140',
      language: 'en',
      frames: ['PhoneWizard-CNeMiEKg.js:12:34', 'app-B46E5Ll_.js:1:99'],
      at: '2026-11-23T10:00:00.000Z',
    });
  });

  it.each([
    ['/', '/'],
    ['/profile/details', '/profile/details'],
    // Every route's words are known (read from the route tree), the newest page's too.
    ['/profile/secure-account', '/profile/secure-account'],
    ['/idp/link/google', '/idp/link/google'],
    // The contract's providers and factor kinds are known values too.
    ['/auth/iamsmart/callback', '/auth/iamsmart/callback'],
    ['/profile/mfa/enroll/CUSTOM/token:hotp', '/profile/mfa/enroll/CUSTOM/token:hotp'],
    ['/profile/mfa/enroll/okta/taiman.chan@cityu.edu.hk', '/profile/mfa/enroll/$/$'],
    ['/a/b/c/d/e/f/g/h/i/j', '/$/$/$/$/$/$/$/$'],
  ])('route of %s is %s', (path, route) => {
    expect(routeOf(path, routes)).toBe(route);
  });

  it.each([
    [CHROME, 'Chrome 140'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:153.0) Gecko/20100101 Firefox/153.0', 'Firefox 153'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18',
    ],
    ['Mozilla/5.0 ... Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0', 'Edge 140'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36', 'Chrome 140'],
    ['curl/8.0 secret-value', 'other'],
  ])('browser of %s', (userAgent, browser) => {
    expect(browserOf(userAgent)).toBe(browser);
  });

  it('tells only the type of a thrown object or string', () => {
    expect(errorReportOf({ password: 'hunter2' }, 'rejection', where)).toMatchObject({ errorClass: 'object', frames: [] });
    expect(JSON.stringify(errorReportOf('hunter2', 'rejection', where))).not.toContain('hunter2');
  });

  it('an unknown language or build is not passed on', () => {
    expect(errorReportOf(new Error('x'), 'error', { ...where, language: 'hunter2', build: 'https://x/?secret' })).toMatchObject({
      language: 'other',
      build: 'unknown',
    });
  });
});

describe('createErrorReporter', () => {
  it('sends each distinct error once and at most five per page', () => {
    const send = vi.fn();
    const report = createErrorReporter('https://errors.example/collect', send);
    report(new Error('one'), 'error', where);
    report(new Error('two'), 'error', where);
    const routes = ['/', '/profile/details', '/profile/mfa', '/profile/password', '/profile/question', '/profile/login', '/signed-out'];
    const many = createErrorReporter('https://errors.example/collect', send);
    for (const path of routes) many(new Error('x'), 'error', { ...where, path });
    // The same class on the same route is one error; seven routes, five reports.
    expect(send).toHaveBeenCalledTimes(1 + 5);
    expect(send.mock.calls[0]![0]).toBe('https://errors.example/collect');
    expect(JSON.parse(send.mock.calls[0]![1])).toMatchObject({ kind: 'error', errorClass: 'Error', route: '/profile/mfa' });
  });

  it('sends nothing without an address, and survives a failing send', () => {
    const send = vi.fn();
    createErrorReporter('', send)(new Error('x'), 'error', where);
    expect(send).not.toHaveBeenCalled();
    const failing = createErrorReporter('https://errors.example/collect', () => {
      throw new Error('offline');
    });
    expect(() => failing(new Error('x'), 'error', where)).not.toThrow();
  });
});
