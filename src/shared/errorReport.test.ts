import { describe, expect, it, vi } from 'vitest';
import { createErrorReporter, errorReportOf, scrub } from './errorReport';

const where = { path: '/profile/mfa', build: 'https://portal.example/assets/index-1a2b.js', language: 'en', now: new Date('2026-11-23T10:00:00Z') };

describe('scrub', () => {
  it.each([
    ['GET https://portal.example/auth/default/callback?code=abc123&state=xyz failed', 'GET https://portal.example/auth/default/callback failed'],
    ['at /profile/details?token=secret#access_token=abc', 'at /profile/details'],
    ['Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl rejected', 'Bearer [token] rejected'],
    ['no account for taiman.chan@cityu.edu.hk', 'no account for [email]'],
    ['invalid number +852 2123 4567', 'invalid number [number]'],
    ['secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP leaked', 'secret [redacted] leaked'],
    ['at https://portal.example/assets/PhoneWizard-CNeMiEKg.js:12:34', 'at https://portal.example/assets/PhoneWizard-CNeMiEKg.js:12:34'],
    ['wrong code 123456', 'wrong code [number]'],
    ['secret JBSWY3DPEHPK3PXP', 'secret [redacted]'],
    ['bad code=abc123&state=xyz given', 'bad code=[redacted]&state=[redacted] given'],
    ['token dGhpcyBpcyBhIHNlY3JldCB0b2tlbi/2YWx1ZXM0 seen', 'token [redacted] seen'],
  ])('%s', (text, expected) => {
    expect(scrub(text)).toBe(expected);
  });
});

describe('errorReportOf', () => {
  it('tells what broke and where, without the query of the page', () => {
    const error = new TypeError("Cannot read properties of undefined (reading 'factors')");
    const report = errorReportOf(error, 'render', { ...where, path: '/auth/default/callback?code=abc&state=def' });
    expect(report).toMatchObject({
      kind: 'render',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'factors')",
      path: '/auth/default/callback',
      build: 'https://portal.example/assets/index-1a2b.js',
      language: 'en',
      at: '2026-11-23T10:00:00.000Z',
    });
    expect(report.stack.split('\n').length).toBeLessThanOrEqual(12);
  });

  it('scrubs the path too: its segments are the address bar, which anyone can craft', () => {
    expect(errorReportOf(new Error('x'), 'error', { ...where, path: '/profile/mfa/enroll/okta/taiman.chan@cityu.edu.hk' }).path).toBe(
      '/profile/mfa/enroll/okta/[email]',
    );
  });

  it('tells only the type of a thrown object', () => {
    expect(errorReportOf({ password: 'hunter2' }, 'rejection', where)).toMatchObject({ name: 'object', message: '', stack: '' });
  });
});

describe('createErrorReporter', () => {
  it('sends each distinct error once and at most five per page', () => {
    const send = vi.fn();
    const report = createErrorReporter('https://errors.example/collect', send, () => where);
    report(new Error('one'), 'error');
    report(new Error('one'), 'error');
    for (let i = 2; i <= 8; i += 1) report(new Error(`error ${i}`), 'error');
    expect(send).toHaveBeenCalledTimes(5);
    expect(send.mock.calls[0]![0]).toBe('https://errors.example/collect');
    expect(JSON.parse(send.mock.calls[0]![1])).toMatchObject({ kind: 'error', message: 'one' });
  });

  it('sends nothing without an address, and survives a failing send', () => {
    const send = vi.fn();
    createErrorReporter('', send, () => where)(new Error('x'), 'error');
    expect(send).not.toHaveBeenCalled();
    const failing = createErrorReporter(
      'https://errors.example/collect',
      () => {
        throw new Error('offline');
      },
      () => where,
    );
    expect(() => failing(new Error('x'), 'error')).not.toThrow();
  });
});
