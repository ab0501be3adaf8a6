// What the journeys measured with Lighthouse's navigation mode share: its settings, the figures
// taken from each run (after checking the run ended on the signed-in profile), their medians
// and the targets.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Artifacts, Flags, FlowResult, Result } from 'lighthouse';
import { IDP_ORIGIN } from '../scripts/dev-stack.ts';
import { PROFILER_CATEGORY, type LongTask } from './long-tasks.ts';
import { BenchError, fail, type Target } from './target.ts';

const FLOW_RESULT = fileURLToPath(new URL('./lighthouse-flow.json', import.meta.url));

/** The metrics reported for a Lighthouse navigation (each journey sets its own targets). */
export const METRICS = [
  { key: 'performance', label: 'performance score' },
  { key: 'fcp', label: 'First Contentful Paint' },
  { key: 'lcp', label: 'Largest Contentful Paint' },
  { key: 'tbt', label: 'Total Blocking Time' },
  { key: 'cls', label: 'Cumulative Layout Shift' },
  { key: 'longestTask', label: 'longest task after paint' },
  { key: 'requests', label: 'requests' },
  { key: 'requestsBeforeLcp', label: '  begun before the LCP' },
  { key: 'bytes', label: 'total bytes' },
] as const;

export type MetricKey = (typeof METRICS)[number]['key'];

/** A bound a journey's median must keep to; missing one is reported, and does not fail the run. */
interface Goal {
  key: MetricKey;
  text: string;
  test: (value: number) => boolean;
}

/** How a journey's runs must go, besides ending on the profile with every API call answered 200. */
export interface Expectations {
  /** Through the identity provider's authorization endpoint (new tab), or never near it (reload). */
  viaIdentityProvider: boolean;
  targets: readonly Goal[];
}

/**
 * Lighthouse's default mobile emulation and simulated throttling, in the tab that signed in.
 * Storage reset stays on (a user flow turns it off for its second navigation; we keep it on for
 * every run): it empties the HTTP cache, so each run is a cold load, and clears only
 * `clearStorageTypes` (file systems, shader cache, service workers, Cache Storage), never the
 * sessionStorage that holds the tokens. (`disableStorageReset: true` would also keep the HTTP
 * cache warm from the previous load.) The trace also records the CPU profile's samples, which
 * say what ran in each long task (long-tasks.ts).
 */
export const LIGHTHOUSE_FLAGS: Flags = {
  onlyCategories: ['performance'],
  disableStorageReset: false,
  additionalTraceCategories: PROFILER_CATEGORY,
};

/** One run's figures. */
type Figures = Record<MetricKey, number> & {
  run: number;
  lcpElement: string;
  /** Every task of 50 ms or more (simulated) that ends after the first contentful paint. */
  longTasks: LongTask[];
  layoutShifts: { element: string; score: number }[];
  protocols: string[];
  apiCalls: string[];
  benchmarkIndex: number;
  warnings: string[];
  lighthouseVersion: string;
  settings: { formFactor: string; throttlingMethod: string; throttling: Result['configSettings']['throttling'] };
};

interface Summary {
  medians: Record<MetricKey, number>;
  targets: Partial<Record<MetricKey, { target: string; value: number; pass: boolean }>>;
}

/** A journey measured with Lighthouse: every run, and the medians against the journey's targets. */
export type NavigationJourney = Summary & { runs: Figures[] };

interface NetworkRequest {
  url: string;
  statusCode: number;
  protocol: string;
}

interface NodeDetails {
  type?: string;
  nodeLabel?: string;
  selector?: string;
}

/** The rows of an audit's table, of the shape that audit is known to have. */
function itemsOf<T>(lhr: Result, audit: string): T[] {
  return (lhr.audits[audit]?.details as { items?: T[] } | undefined)?.items ?? [];
}

/**
 * Lighthouse now and then cannot read a run's trace (NO_NAVSTART: once in 25 reloads on
 * 2026-11-29, after the other 24 had run): such a run is left out, and named; more than one in
 * five fails the bench. Answers the runs' figures, or none for a run left out.
 */
export async function unlessUnreadable<T>(journey: string, run: number, read: () => Promise<T>, leftOut: string[]): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    // A run that went wrong (another page, an error of the portal's) stops the bench, as ever.
    if (error instanceof BenchError) throw error;
    leftOut.push(`${journey}, Lighthouse run ${run}: ${error instanceof Error ? error.message : String(error)}`);
    console.log(`bench: ${leftOut.at(-1)}; left out`);
    return undefined;
  }
}

/** Fails the bench when more than one run in five was left out. */
export function enoughRuns(journey: string, runs: number, leftOut: readonly string[]) {
  if (leftOut.length * 5 > runs) fail(`${journey}: ${leftOut.length} of ${runs} Lighthouse runs could not be read:\n  ${leftOut.join('\n  ')}`);
}

/** One run's figures, after checking that it measured the signed-in page as the journey expects. */
export function figures(
  lhr: Result,
  { longTasks, requestsBeforeLcp }: { longTasks: LongTask[]; requestsBeforeLcp: number },
  run: number,
  page: Target,
  expect: Expectations,
  journey: string,
): Figures {
  const where = `${journey}, Lighthouse run ${run}`;
  if (lhr.runtimeError) fail(`${where}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const final = new URL(lhr.finalDisplayedUrl);
  if (final.origin + final.pathname !== page.page) fail(`${where} ended at ${lhr.finalDisplayedUrl}, not ${page.page}`);
  const requests = itemsOf<NetworkRequest>(lhr, 'network-requests');
  const authorize = requests.filter((r) => r.url.startsWith(`${IDP_ORIGIN}/auth`));
  // The login form lives under /interaction/; a live single sign-on session never shows it.
  const loginForm = requests.filter((r) => r.url.startsWith(`${IDP_ORIGIN}/interaction`));
  if (expect.viaIdentityProvider) {
    if (!authorize.length) fail(`${where} never went to the identity provider (${IDP_ORIGIN}/auth)`);
    if (loginForm.length) fail(`${where}: the identity provider asked to sign in again: ${loginForm.map((r) => r.url).join(', ')}`);
  } else if (authorize.length || loginForm.length) {
    fail(`${where} went through sign-in again: ${[...authorize, ...loginForm].map((r) => r.url).join(', ')}`);
  }
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  const apiFailed = api.filter((r) => r.statusCode !== 200);
  if (!api.length || apiFailed.length) {
    fail(`${where}: the profile's API calls did not all answer 200: ${apiFailed.map((r) => `${r.url} ${r.statusCode}`).join(', ') || 'none made'}`);
  }
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const lcpNode = itemsOf<NodeDetails>(lhr, 'lcp-breakdown-insight').find((item) => item.type === 'node');
  const shifts = itemsOf<{ node: NodeDetails; score: number }>(lhr, 'layout-shifts');
  return {
    run,
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    fcp: Math.round(audit('first-contentful-paint')),
    lcp: Math.round(audit('largest-contentful-paint')),
    tbt: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    longTasks,
    longestTask: Math.round(Math.max(0, ...longTasks.map((task) => task.duration))),
    bytes: audit('total-byte-weight'),
    lcpElement: lcpNode ? describeNode(lcpNode) : 'none reported',
    layoutShifts: shifts.map((shift) => ({ element: describeNode(shift.node), score: Number(shift.score.toFixed(3)) })),
    requests: requests.length,
    requestsBeforeLcp,
    protocols: [...new Set(requests.map((r) => r.protocol))],
    apiCalls: api.map((r) => new URL(r.url).pathname),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    // Going through the identity provider is the journey itself, not something to warn about.
    warnings: lhr.runWarnings.filter((w) => !(expect.viaIdentityProvider && w.includes('was redirected to'))),
    lighthouseVersion: lhr.lighthouseVersion,
    settings: {
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      throttling: lhr.configSettings.throttling,
    },
  };
}

/**
 * The requests the run began before its largest paint, as the browser saw them (not the
 * simulation): the devtools log's requests sent before the trace's last LCP candidate (the
 * profile's, for the new tab too, which began on other documents). What the page fetches once
 * it has painted (the toasts' code, the menu's pages' code when idle) is not among them.
 */
export function requestsBeforeLcp(artifacts: Pick<Artifacts, 'Trace' | 'DevtoolsLog'>): number {
  const candidates = artifacts.Trace.traceEvents.filter((event) => event.name === 'largestContentfulPaint::Candidate').map((event) => event.ts);
  const lcp = Math.max(...candidates);
  return artifacts.DevtoolsLog.filter(
    (message) =>
      message.method === 'Network.requestWillBeSent' && /^https?:/.test(message.params.request.url) && message.params.timestamp * 1_000_000 < lcp,
  ).length;
}

/** A Lighthouse node as its text (first line) and selector. */
function describeNode(node: NodeDetails): string {
  return `'${String(node.nodeLabel ?? '').split('\n')[0]}' (${node.selector})`;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarise(runs: Figures[], goals: readonly Goal[]): NavigationJourney {
  const medians = Object.fromEntries(METRICS.map(({ key }) => [key, median(runs.map((r) => r[key]))])) as Record<MetricKey, number>;
  const targets: Summary['targets'] = {};
  for (const goal of goals) targets[goal.key] = { target: goal.text, value: medians[goal.key], pass: goal.test(medians[goal.key]) };
  return { medians, targets, runs };
}

/**
 * Every audit of every run, for whoever needs more than the table (open one flow in
 * Lighthouse's viewer, or read them with jq): main-thread breakdown, LCP phases, the request
 * waterfall. One file for all the journeys, keyed by journey.
 */
export function writeFlowResults(flows: Record<string, FlowResult | FlowResult[]>): void {
  writeFileSync(FLOW_RESULT, JSON.stringify(flows));
}
