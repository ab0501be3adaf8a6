import { describe, expect, it } from 'vitest';
import type { LoginLogEntry, LoginLogPage } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { browserFamily, signInPlaces } from './signInPlaces';

const login = (time: string, browser: string, os: string, district: string, application = 'Canvas'): LoginLogEntry => ({
  time,
  browser,
  os,
  ip: '192.0.2.1',
  district,
  application,
});

describe('browserFamily', () => {
  it.each([
    ['Chrome 142', 'Chrome'],
    ['Chrome 141.0.7390.54', 'Chrome'],
    ['Mobile Safari v19.1', 'Mobile Safari'],
    [' Edge 142 ', 'Edge'],
    ['Firefox', 'Firefox'],
    ['142', '142'],
    ['Samsung Internet 28', 'Samsung Internet'],
  ])('%s is %s', (browser, family) => {
    expect(browserFamily(browser)).toBe(family);
  });
});

describe('signInPlaces', () => {
  it('groups by browser, system and place, newest group first, each with its logins newest first', () => {
    const places = signInPlaces([
      login('2026-11-20T08:00:00Z', 'Chrome 142', 'macOS 16', 'Sha Tin'),
      login('2026-11-21T08:00:00Z', 'Firefox 146', 'Windows 11', 'Wan Chai'),
      login('2026-11-19T08:00:00Z', 'Chrome 141', 'macOS 16', 'Sha Tin', 'Library'),
      // The same browser elsewhere, or on another system, is another entry.
      login('2026-11-18T08:00:00Z', 'Chrome 142', 'macOS 16', 'Central and Western'),
      login('2026-11-22T08:00:00Z', 'Chrome 142', 'Windows 11', 'Sha Tin'),
    ]);
    expect(places.map(({ browser, os, place, logins }) => [browser, os, place, logins.map((each) => each.time.slice(8, 10))])).toEqual([
      ['Chrome', 'Windows 11', 'Sha Tin', ['22']],
      ['Firefox', 'Windows 11', 'Wan Chai', ['21']],
      ['Chrome', 'macOS 16', 'Sha Tin', ['20', '19']],
      ['Chrome', 'macOS 16', 'Central and Western', ['18']],
    ]);
  });

  it('keeps a login with an unreadable time, after the others', () => {
    const places = signInPlaces([
      login('yesterday', 'Edge 142', 'Windows 11', 'Wan Chai'),
      login('2026-11-01T00:00:00Z', 'Edge 142', 'Windows 11', 'Wan Chai'),
    ]);
    expect(places).toHaveLength(1);
    expect(places[0]!.logins.map((each) => each.time)).toEqual(['2026-11-01T00:00:00Z', 'yesterday']);
  });

  it('keeps names apart that would run together when joined', () => {
    expect(signInPlaces([login('2026-11-01T00:00:00Z', 'A', 'B C', 'D'), login('2026-11-02T00:00:00Z', 'A B', 'C', 'D')])).toHaveLength(2);
  });

  it.each([
    ['a zero-width space in the browser', login('2026-11-02T00:00:00Z', 'Chrome\u200b 142', 'macOS 16', 'Sha Tin')],
    ['a direction mark in the system', login('2026-11-02T00:00:00Z', 'Chrome 142', '\u202bmacOS 16\u202c', 'Sha Tin')],
    ['a soft hyphen and a line break in the place', login('2026-11-02T00:00:00Z', 'Chrome 142', 'macOS  16', 'Sha\u00ad\nTin')],
  ])('groups a login written with %s with the same device and place', (_, odd) => {
    const places = signInPlaces([login('2026-11-01T00:00:00Z', 'Chrome 141', 'macOS 16', 'Sha Tin'), odd]);
    expect(places.map(({ browser, os, place, logins }) => [browser, os, place, logins.length])).toEqual([['Chrome', 'macOS 16', 'Sha Tin', 2]]);
  });

  it('reads a field that is not text as none, instead of failing', () => {
    const odd = { ...login('2026-11-01T00:00:00Z', 'Edge 142', 'Windows 11', 'Wan Chai'), os: 11, district: null } as unknown as LoginLogEntry;
    expect(signInPlaces([odd]).map(({ browser, os, place }) => [browser, os, place])).toEqual([['Edge', '', '']]);
  });

  it('finds every login of the full persona’s first page in one entry or another', () => {
    const logs = example<LoginLogPage>('getLoginLog', 'full').logs;
    const places = signInPlaces(logs);
    expect(places.flatMap((place) => place.logins)).toHaveLength(logs.length);
    expect(places[0]).toMatchObject({ browser: 'Firefox', os: 'Windows 11', place: 'Yau Tsim Mong' });
    expect(places.length).toBeLessThan(logs.length);
  });

  it('has nothing to group in an empty history', () => {
    expect(signInPlaces([])).toEqual([]);
  });
});
