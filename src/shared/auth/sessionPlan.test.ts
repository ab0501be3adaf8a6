import { describe, expect, it } from 'vitest';
import { sessionPlan } from './sessionPlan';

const NOW = 1_000_000;

describe('sessionPlan', () => {
  it.each([
    ['an hour-long token', 3600, undefined, { renewIn: 3_480_000, warnIn: 3_540_000, endIn: 3_600_000 }],
    ['a 65-second token: renew now, warn 5 s later if that failed', 65, undefined, { renewIn: 0, warnIn: 5_000, endIn: 65_000 }],
    ['a token with 30 s left: renew now, warn now, 30 s to react', 30, undefined, { renewIn: 0, warnIn: 5_000, endIn: 30_000 }],
    ['a token with 15 s left: warn at once', 15, undefined, { renewIn: 0, warnIn: 0, endIn: 15_000 }],
    ['an expired token', -5, undefined, { renewIn: 0, warnIn: 0, endIn: 0 }],
    ['a 65-second token just renewed: the next renewal waits 30 s', 65, NOW, { renewIn: 30_000, warnIn: 35_000, endIn: 65_000 }],
    ['an hour-long token just renewed: nothing changes', 3600, NOW, { renewIn: 3_480_000, warnIn: 3_540_000, endIn: 3_600_000 }],
  ])('%s', (_case, secondsLeft, lastRenewal, expected) => {
    expect(sessionPlan(NOW + secondsLeft, NOW, lastRenewal)).toEqual(expected);
  });

  it('always leaves at least 20 s between the warning and the end', () => {
    for (let left = 21; left < 400; left += 7) {
      for (const last of [undefined, NOW, NOW - 10]) {
        const plan = sessionPlan(NOW + left, NOW, last);
        expect(plan.endIn - plan.warnIn).toBeGreaterThanOrEqual(20_000);
      }
    }
  });
});
