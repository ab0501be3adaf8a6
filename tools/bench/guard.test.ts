import { describe, expect, it } from 'vitest';
import { guardFigures, rises, spreadOf } from './guard.ts';

const runs = (tbts: number[], requests = 28, before = 25) => tbts.map((tbt) => ({ tbt, requests, requestsBeforeLcp: before }));

describe("the first page's guard", () => {
  it('takes the median and the middle half of the runs, which one odd run does not widen', () => {
    expect(spreadOf([90, 100, 94, 610, 88])).toEqual({ median: 94, q1: 90, q3: 100 });
    expect(spreadOf([10, 20, 30, 40])).toEqual({ median: 25, q1: 17.5, q3: 32.5 });
  });

  it.each([
    ['the blocking time as recorded', [90, 100, 94, 98, 88], 28, []],
    ['within the recorded spread', [96, 104, 101, 99, 103], 28, []],
    ['the idle load of every menu page', [232, 398, 240, 260, 255], 28, ['new tab: Total Blocking Time 255 against 94 recorded']],
    ['one request more than recorded, which one run may have', [90, 100, 94, 98, 88], 29, []],
    ['twenty more requests after the LCP', [90, 100, 94, 98, 88], 48, ['new tab: requests begun after the LCP 23 against 3 recorded']],
  ])('%s', (_, tbts, requests, expected) => {
    const recorded = { 'new tab': guardFigures(runs([90, 100, 94, 610, 88])) };
    const found = rises(recorded, { 'new tab': guardFigures(runs(tbts, requests)) });
    expect(found.map((line) => line.replace(/ \(.*\)$/, ''))).toEqual(expected);
  });

  it('says what counts as a rise', () => {
    const recorded = { reload: guardFigures(runs([40, 46, 50, 55, 60])) };
    expect(rises(recorded, { reload: guardFigures(runs([70, 71, 72, 73, 74])) })).toEqual([
      "reload: Total Blocking Time 72 against 50 recorded (its runs' middle half 46 to 55: above 59 is a rise)",
    ]);
  });

  it('names nothing for a journey with no recorded figures', () => {
    expect(rises({}, { 'new tab': guardFigures(runs([900])) })).toEqual([]);
  });
});
