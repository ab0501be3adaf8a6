import { describe, expect, it } from 'vitest';
import { formatDay, readableDate } from './day';

describe('readableDate', () => {
  it('reads a date the server gave only when it is one', () => {
    expect(readableDate('2025-03-10T06:45:12.000Z')).toBe('2025-03-10T06:45:12.000Z');
    expect(readableDate('last week')).toBeUndefined();
    expect(readableDate(undefined)).toBeUndefined();
  });
});

describe('formatDay', () => {
  it.each([
    ['2025-03-10T06:45:12.000Z', 'en', 'UTC', '10 March 2025'],
    ['2025-03-10T20:45:12.000Z', 'en', 'Asia/Hong_Kong', '11 March 2025'],
    ['2025-03-10T06:45:12.000Z', 'zh-HK', 'Asia/Hong_Kong', '2025年3月10日'],
    ['2025-03-10T06:45:12.000Z', 'zh-CN', 'Asia/Hong_Kong', '2025年3月10日'],
  ] as const)('%s in %s (%s) reads %s', (iso, language, zone, expected) => {
    expect(formatDay(iso, language, zone)).toBe(expected);
  });
});
