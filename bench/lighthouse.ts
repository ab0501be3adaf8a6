// Lighthouse runs of the signed-in page, the figures taken from each, and their medians.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startFlow, type Flags, type Result } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { IDP_ORIGIN } from '../scripts/dev-stack.ts';
import { assertProfileShown, type BenchUser } from './browser.ts';
import { fail, type Target } from './target.ts';

const FLOW_RESULT = fileURLToPath(new URL('./lighthouse-flow.json', import.meta.url));

/** The metrics reported for /profile/details, with the targets set for it. */
export const METRICS = [
  { key: 'performance', label: 'performance score', test: (v: number) => v >= 95, text: '>= 95' },
  { key: 'fcp', label: 'First Contentful Paint' },
  { key: 'lcp', label: 'Largest Contentful Paint', test: (v: number) => v <= 2000, text: '<= 2.0 s' },
  { key: 'tbt', label: 'Total Blocking Time', test: (v: number) => v <= 150, text: '<= 150 ms' },
  { key: 'cls', label: 'Cumulative Layout Shift', test: (v: number) => v === 0, text: '= 0' },
  { key: 'bytes', label: 'total bytes' },
] as const;

export type MetricKey = (typeof METRICS)[number]['key'];

/**
 * Lighthouse's default mobile emulation and simulated throttling, in the tab that signed in.
 * Storage reset stays on (a user flow turns it off for its second navigation; we keep it on for
 * every run): it empties the HTTP cache, so each run is a cold load, and clears only
 * `clearStorageTypes` (file systems, shader cache, service workers, Cache Storage), never the
 * sessionStorage that holds the tokens. (`disableStorageReset: true` would also keep the HTTP
 * cache warm from the previous load.)
 */
export const LIGHTHOUSE_FLAGS: Flags = { onlyCategories: ['performance'], disableStorageReset: false };

/** One run's figures. */
export type Figures = Record<MetricKey, number> & {
  run: number;
  lcpElement: string;
  layoutShifts: { element: string; score: number }[];
  requests: number;
  protocols: string[];
  apiCalls: string[];
  benchmarkIndex: number;
  warnings: string[];
  lighthouseVersion: string;
  settings: { formFactor: string; throttlingMethod: string; throttling: Result['configSettings']['throttling'] };
};

export interface Summary {
  medians: Record<MetricKey, number>;
  targets: Partial<Record<MetricKey, { target: string; value: number; pass: boolean }>>;
}

export async function lighthouseRuns(page: Page, user: BenchUser, target: Target, runs: number): Promise<Figures[]> {
  const flow = await startFlow(page, { name: 'bench: /profile/details signed in', flags: LIGHTHOUSE_FLAGS });
  for (let run = 1; run <= runs; run += 1) {
    const started = Date.now();
    await flow.navigate(target.page, { name: `run ${run}` });
    await assertProfileShown(page, user, `Lighthouse run ${run}`);
    console.log(`bench: Lighthouse run ${run}/${runs} gathered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const result = await flow.createFlowResult();
  // Every audit of every run, for whoever needs more than the table (open it in Lighthouse's
  // viewer, or read it with jq): main-thread breakdown, LCP phases, the request waterfall.
  writeFileSync(FLOW_RESULT, JSON.stringify(result));
  return result.steps.map((step, i) => figures(step.lhr, i + 1, target));
}

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

/** One run's figures, after checking that it measured the signed-in page. */
function figures(lhr: Result, run: number, target: Target): Figures {
  if (lhr.runtimeError) fail(`Lighthouse run ${run}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const final = new URL(lhr.finalDisplayedUrl);
  if (final.origin + final.pathname !== target.page) fail(`Lighthouse run ${run} ended at ${lhr.finalDisplayedUrl}, not ${target.page}`);
  const requests = itemsOf<NetworkRequest>(lhr, 'network-requests');
  const toIdp = requests.filter((r) => r.url.startsWith(`${IDP_ORIGIN}/auth`) || r.url.startsWith(`${IDP_ORIGIN}/interaction`));
  if (toIdp.length) fail(`Lighthouse run ${run} went through sign-in again: ${toIdp.map((r) => r.url).join(', ')}`);
  const api = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/'));
  const apiFailed = api.filter((r) => r.statusCode !== 200);
  if (!api.length || apiFailed.length) {
    fail(
      `Lighthouse run ${run}: the profile's API calls did not all answer 200: ${apiFailed.map((r) => `${r.url} ${r.statusCode}`).join(', ') || 'none made'}`,
    );
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
    bytes: audit('total-byte-weight'),
    lcpElement: lcpNode ? describeNode(lcpNode) : 'none reported',
    layoutShifts: shifts.map((shift) => ({ element: describeNode(shift.node), score: Number(shift.score.toFixed(3)) })),
    requests: requests.length,
    protocols: [...new Set(requests.map((r) => r.protocol))],
    apiCalls: api.map((r) => new URL(r.url).pathname),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    lighthouseVersion: lhr.lighthouseVersion,
    settings: {
      formFactor: lhr.configSettings.formFactor,
      throttlingMethod: lhr.configSettings.throttlingMethod,
      throttling: lhr.configSettings.throttling,
    },
  };
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

export function summarise(runs: Figures[]): Summary {
  const medians = Object.fromEntries(METRICS.map(({ key }) => [key, median(runs.map((r) => r[key]))])) as Record<MetricKey, number>;
  const targets: Summary['targets'] = {};
  for (const metric of METRICS) {
    if ('test' in metric) targets[metric.key] = { target: metric.text, value: medians[metric.key], pass: metric.test(medians[metric.key]) };
  }
  return { medians, targets };
}
