import { describe, expect, it } from 'vitest';
import { formatLoginTime } from './formatLoginTime';

describe('formatLoginTime', () => {
  it.each([
    ['2026-11-21T08:05:33Z', 'UTC', '21/11/2026 8:05 AM'],
    ['2026-11-21T08:05:33Z', 'Asia/Hong_Kong', '21/11/2026 4:05 PM'],
    ['2026-01-02T00:00:00Z', 'UTC', '02/01/2026 12:00 AM'],
    ['2026-01-02T12:00:00Z', 'UTC', '02/01/2026 12:00 PM'],
    ['2026-12-31T23:59:59Z', 'UTC', '31/12/2026 11:59 PM'],
    ['2026-12-31T16:30:00Z', 'Asia/Hong_Kong', '01/01/2027 12:30 AM'],
    ['2026-03-09T13:07:00+08:00', 'Asia/Hong_Kong', '09/03/2026 1:07 PM'],
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(formatLoginTime(iso, zone)).toBe(expected);
  });

  it.each([
    ['2026-11-21T08:05:33Z', 'Asia/Hong_Kong', '2026年11月21日 下午4:05'],
    ['2026-01-02T00:00:00Z', 'UTC', '2026年1月2日 上午12:00'],
  ])('%s in %s reads %s in Chinese', (iso, zone, expected) => {
    expect(formatLoginTime(iso, zone, 'zh-HK')).toBe(expected);
    expect(formatLoginTime(iso, zone, 'zh-CN')).toBe(expected);
  });

  it('shows an unreadable time as it came', () => {
    expect(formatLoginTime('yesterday', 'UTC')).toBe('yesterday');
  });
});
