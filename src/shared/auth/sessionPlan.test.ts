import { describe, expect, it } from 'vitest';
import { sessionPlan } from './sessionPlan';

describe('sessionPlan', () => {
  it.each([
    ['an hour-long token', 3600, { renewIn: 3_480_000, warnIn: 3_540_000, endIn: 3_600_000 }],
    ['a 65-second token: renew now, warn in 5 s', 65, { renewIn: 0, warnIn: 5_000, endIn: 65_000 }],
    ['a token with 30 s left: everything but the end is due', 30, { renewIn: 0, warnIn: 0, endIn: 30_000 }],
    ['an expired token', -5, { renewIn: 0, warnIn: 0, endIn: 0 }],
  ])('%s', (_case, secondsLeft, expected) => {
    expect(sessionPlan(1_000_000 + secondsLeft, 1_000_000)).toEqual(expected);
  });
});
