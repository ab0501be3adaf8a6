// The first page's guard: the figures that rose unseen once (the new tab's blocking time went from
// 94 to 237 ms, and its requests from 28 to 48, with nothing to name it) are held against the ones
// `npm run bench -- --record` last wrote to tools/bench/recorded.json. A figure whose median rises
// above the recorded median by more than the recorded spread of its runs (the middle half of
// them: the interquartile range, which one odd run does not widen; at least 1, as a count of
// requests is often the same in every run) is named in the report.
import { readFileSync, writeFileSync } from 'node:fs';

/** What the guard watches, for each load of the first page: new tab and reload. */
const GUARDED = ['tbt', 'requestsBeforeLcp', 'requestsAfterLcp'] as const;
type Guarded = (typeof GUARDED)[number];

/** A figure over a journey's runs: its median and the quartiles around it. */
export interface Spread {
  median: number;
  q1: number;
  q3: number;
}

export type GuardFigures = Record<string, Record<Guarded, Spread>>;

interface Recorded {
  date: string;
  commit: string;
  loadAverage: number[];
  runs: number;
  figures: GuardFigures;
}

/** The value at `fraction` of the sorted values (linear between neighbours). */
function quantile(sorted: readonly number[], fraction: number): number {
  const at = (sorted.length - 1) * fraction;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
}

export function spreadOf(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), q1: quantile(sorted, 0.25), q3: quantile(sorted, 0.75) };
}

/** A journey's guarded figures from its runs' own. */
export function guardFigures(runs: readonly { tbt: number; requests: number; requestsBeforeLcp: number }[]): Record<Guarded, Spread> {
  return {
    tbt: spreadOf(runs.map((run) => run.tbt)),
    requestsBeforeLcp: spreadOf(runs.map((run) => run.requestsBeforeLcp)),
    requestsAfterLcp: spreadOf(runs.map((run) => run.requests - run.requestsBeforeLcp)),
  };
}

const LABELS: Record<Guarded, string> = {
  tbt: 'Total Blocking Time',
  requestsBeforeLcp: 'requests begun before the LCP',
  requestsAfterLcp: 'requests begun after the LCP',
};

/** Each figure that rose above its recorded median by more than its recorded interquartile range, in words. */
export function rises(recorded: GuardFigures, now: GuardFigures): string[] {
  const found: string[] = [];
  for (const [journey, figures] of Object.entries(now)) {
    for (const key of GUARDED) {
      const before = recorded[journey]?.[key];
      if (!before) continue;
      const allowed = before.median + Math.max(before.q3 - before.q1, 1);
      if (figures[key].median > allowed) {
        found.push(
          `${journey}: ${LABELS[key]} ${round(figures[key].median)} against ${round(before.median)} recorded ` +
            `(its runs' middle half ${round(before.q1)} to ${round(before.q3)}: above ${round(allowed)} is a rise)`,
        );
      }
    }
  }
  return found;
}

const round = (value: number) => String(Math.round(value));

const RECORDED = new URL('./recorded.json', import.meta.url);

export function readRecorded(): Recorded | undefined {
  try {
    return JSON.parse(readFileSync(RECORDED, 'utf8')) as Recorded;
  } catch {
    return undefined;
  }
}

export function writeRecorded(recorded: Recorded): void {
  writeFileSync(RECORDED, `${JSON.stringify(recorded, null, 2)}\n`);
}
