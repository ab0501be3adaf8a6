import { describe, expect, it } from 'vitest';
import { namedLogin, parseSecureAccountSearch } from './secureAccountSearch';

const good = { time: '2026-11-22T01:42:17Z', browser: 'Firefox 146', place: 'Yau Tsim Mong' };

describe('parseSecureAccountSearch', () => {
  it.each([
    ['the login log’s own values', good],
    ['an offset and fractions', { ...good, time: '2026-11-22T09:42:17.123+08:00' }],
    ['Chinese place names', { ...good, place: '油尖旺' }],
    ['a version with dots and a comma', { ...good, browser: 'Chrome 142.0.7444, Mobile', place: 'Sha Tin, N.T.' }],
  ])('keeps %s', (_, search) => {
    expect(parseSecureAccountSearch(search)).toEqual(search);
  });

  it.each([
    ['nothing', {}],
    ['a time that is not ISO 8601', { ...good, time: '22/11/2026 9:42 AM' }],
    ['a date without a zone', { ...good, time: '2026-11-22T01:42:17' }],
    ['an impossible date', { ...good, time: '2026-13-45T01:42:17Z' }],
    ['a number for a time', { ...good, time: 20261122 }],
    ['a repeated parameter', { ...good, browser: ['Firefox 146', 'Chrome'] }],
    ['an object', { ...good, place: { toString: 'x' } }],
    ['a link', { ...good, place: 'https://evil.example' }],
    ['a bare domain', { ...good, browser: 'evil.com' }],
    ['www', { ...good, browser: 'www.evil' }],
    ['a phone number to call', { ...good, place: 'Call 91234567 now' }],
    ['markup', { ...good, browser: '<img src=x onerror=alert(1)>' }],
    ['a line break', { ...good, place: 'Wan Chai\nCall us' }],
    ['right-to-left override', { ...good, place: 'Wan\u202eChai' }],
    ['an email', { ...good, place: 'help@evil.example' }],
    ['leading punctuation', { ...good, browser: '=cmd' }],
    ['too long', { ...good, place: 'A'.repeat(61) }],
    ['empty', { ...good, browser: '' }],
    ['one value missing', { time: good.time, browser: good.browser }],
  ])('names no login for %s, keeping none of the values', (_, search) => {
    expect(parseSecureAccountSearch(search as Record<string, unknown>)).toEqual({ time: undefined, browser: undefined, place: undefined });
    expect(namedLogin(search as Record<string, unknown>)).toBeUndefined();
  });

  it('drops parameters it does not know', () => {
    expect(parseSecureAccountSearch({ ...good, redirect: 'https://evil.example' })).toEqual(good);
  });
});

describe('namedLogin', () => {
  it('is the login when all three values are there, else none', () => {
    expect(namedLogin(good)).toEqual(good);
    expect(namedLogin({})).toBeUndefined();
    expect(namedLogin({ time: good.time })).toBeUndefined();
    expect(namedLogin({ ...good, place: 'https://evil.example' })).toBeUndefined();
  });
});
