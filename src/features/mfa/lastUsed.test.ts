import { describe, expect, it } from 'vitest';
import { formatLastUsed, lastUsedAgo } from './lastUsed';

const NOW = new Date('2026-11-29T03:00:00.000Z'); // 11:00 on 29 November in Hong Kong

describe('lastUsedAgo counts calendar days of the person’s time zone', () => {
  it.each([
    ['earlier the same day', '2026-11-29T00:10:00.000Z', { value: -0, unit: 'day' }],
    ['the evening before (Hong Kong)', '2026-11-28T14:30:00.000Z', { value: -1, unit: 'day' }],
    ['three days ago', '2026-11-26T00:58:31.000Z', { value: -3, unit: 'day' }],
    ['six days ago', '2026-11-23T05:00:00.000Z', { value: -6, unit: 'day' }],
    ['nine days ago', '2026-11-20T01:12:40.000Z', { value: -1, unit: 'week' }],
    ['two and a half months ago', '2026-09-14T07:20:00.000Z', { value: -2, unit: 'month' }],
    ['almost three years ago', '2024-02-19T09:02:11.000Z', { value: -2, unit: 'year' }],
    ['later than now (a clock ahead)', '2026-11-30T00:00:00.000Z', { value: -0, unit: 'day' }],
  ])('%s', (_, iso, expected) => {
    expect(lastUsedAgo(iso, NOW, 'Asia/Hong_Kong')).toEqual(expected);
  });

  it('depends on where the person is: 23:30 UTC is yesterday in London and today in Hong Kong', () => {
    const now = new Date('2026-11-29T09:00:00.000Z');
    expect(lastUsedAgo('2026-11-28T23:30:00.000Z', now, 'Europe/London')?.value).toBe(-1);
    expect(lastUsedAgo('2026-11-28T23:30:00.000Z', now, 'Asia/Hong_Kong')?.value).toBe(-0);
  });

  it('reads nothing it cannot read', () => {
    expect(lastUsedAgo('yesterday', NOW)).toBeUndefined();
    expect(formatLastUsed('', 'en', NOW)).toBeUndefined();
  });
});

describe('formatLastUsed says it as a person does, in each language', () => {
  it.each([
    ['en', '2026-11-29T00:10:00.000Z', 'today'],
    ['en', '2026-11-28T02:00:00.000Z', 'yesterday'],
    ['en', '2026-11-26T00:58:31.000Z', '3 days ago'],
    ['en', '2026-11-20T01:12:40.000Z', 'last week'],
    ['en', '2026-11-08T01:12:40.000Z', '3 weeks ago'],
    ['en', '2024-02-19T09:02:11.000Z', '2 years ago'],
    ['zh-HK', '2026-11-29T00:10:00.000Z', '今日'],
    ['zh-HK', '2026-11-26T00:58:31.000Z', '3 日前'],
    ['zh-CN', '2026-11-29T00:10:00.000Z', '今天'],
    ['zh-CN', '2026-11-26T00:58:31.000Z', '3天前'],
  ] as const)('%s: %s is "%s"', (language, iso, expected) => {
    expect(formatLastUsed(iso, language, NOW, 'Asia/Hong_Kong')).toBe(expected);
  });
});
