import { describe, expect, it, vi } from 'vitest';
import { reused } from './reused';

describe('reused', () => {
  it('makes the formatter a key names once, and another key its own', () => {
    const make = vi.fn(() => new Intl.NumberFormat('en'));
    const first = reused('test number en', make);
    expect(reused('test number en', make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(reused('test number zh-HK', () => new Intl.NumberFormat('zh-HK'))).not.toBe(first);
  });
});
