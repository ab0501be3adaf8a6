// The benchmark's printed tables.
import type { RouteSizes, Sizes } from './bundle-sizes.ts';
import { median, METRICS, type MetricKey, type NavigationJourney } from './lighthouse.ts';
import type { BenchUser } from './browser.ts';
import type { InteractionsJourney, StepRun } from './journey-interactions.ts';
import type { SignInJourney, SignInRun } from './journey-sign-in.ts';
import type { LongTask } from './long-tasks.ts';
import type { Rounds } from './rounds.ts';
import type { Target } from './target.ts';

export interface Machine {
  date: string;
  loadAverage: number[];
  cpuCount: number;
  cpuModel: string;
  memoryGB: number;
  node: string;
  chromium?: string;
  loadAverageAfter?: number[];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (text: string | number, width: number) => String(text).padStart(width);

/** `_authenticated/profile/index` -> `/profile`: the route file as the address it serves. */
function routeUrl(route: string): string {
  const path = route
    .split('/')
    .filter((part) => !part.startsWith('_') && part !== 'index')
    .join('/');
  return `/${path}`;
}

export function printSizes({ firstCode, leaving, first, routes }: RouteSizes): void {
  const cells = (s: Sizes) => [s.js.raw, s.js.gzip, s.js.brotli, s.css.raw, s.css.gzip, s.css.brotli].map((b) => pad(kb(b), 7)).join('');
  const rows = [
    [`first code, before any load decides (${firstCode.files.length} file)`, cells(firstCode)],
    [`leaving for sign-in: first code and OpenID library (${leaving.files.length} files)`, cells(leaving)],
    [`${routeUrl(first.route)} (first signed-in page, ${first.files.length} files)`, cells(first)],
    ...routes.map((r) => [`  + ${routeUrl(r.route)} (adds ${r.files.length})`, cells(r)]),
  ] as const;
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log('\nJavaScript and CSS loaded, KB (1 KB = 1024 bytes); other routes: what they add to the first page');
  console.log(`${''.padEnd(width)}${'JavaScript'.padStart(21)}${'CSS'.padStart(21)}`);
  console.log(`${'route'.padEnd(width)}${['raw', 'gzip', 'brotli', 'raw', 'gzip', 'brotli'].map((h) => pad(h, 7)).join('')}`);
  for (const [name, values] of rows) console.log(`${name.padEnd(width)}${values}`);
}

export function printRounds(rounds: Rounds & { latencyMs: number }, target: Target): void {
  const urlPath = (url: string) => (url.startsWith(target.origin) ? url.slice(target.origin.length) : url);
  console.log(`\nSequential request rounds before the profile is shown: ${rounds.rounds}`);
  console.log(`  (cold cache, every request delayed by ${rounds.latencyMs} ms; ${rounds.requests} requests finished before the profile showed)`);
  rounds.chain.forEach((r, i) =>
    console.log(`  ${i + 1}. ${pad(r.startMs, 5)}-${pad(r.endMs, 5)} ms  ${(r.type ?? '').padEnd(10)} ${urlPath(r.url)}`),
  );
}

function formatMetric(key: MetricKey, value: number): string {
  if (key === 'performance') return String(value);
  if (key === 'cls') return value.toFixed(3);
  if (key === 'bytes') return `${kb(value)} KB`;
  if (key === 'requests' || key === 'requestsBeforeLcp') return String(value);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function printMachine(m: Machine, chromium: string): void {
  console.log(`\nMachine: ${m.cpuCount} x ${m.cpuModel}, ${m.memoryGB} GB; Node ${m.node}; ${chromium}; ${m.date}`);
  const after = m.loadAverageAfter;
  console.log(`  load average (1, 5, 15 min): ${m.loadAverage.join(', ')} at start${after ? `; ${after.join(', ')} after the journeys` : ''}`);
}

/** Lighthouse's settings, the same for every navigation journey. */
export function printLighthouseSettings(journeys: NavigationJourney[], user: BenchUser, target: Target): void {
  const runs = journeys.flatMap((j) => j.runs);
  const first = runs[0];
  if (!first) return;
  const s = first.settings;
  const t = s.throttling;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${s.formFactor} emulation, ${s.throttlingMethod} throttling ` +
      `(${t.rttMs} ms RTT, ${((t.throughputKbps ?? NaN) / 1000).toFixed(1)} Mbps, CPU x${t.cpuSlowdownMultiplier}), cold cache;\n` +
      `${target.page} (${target.description}) as ${user.username} (${user.persona} persona); ` +
      `Lighthouse benchmarkIndex ${Math.round(median(runs.map((r) => r.benchmarkIndex)))}`,
  );
}

/** Every run of a navigation journey, its medians and its targets. */
export function printNavigationRuns(title: string, lh: NavigationJourney): void {
  console.log(`\n${title}`);
  const width = 26;
  console.log(`${'metric'.padEnd(width)}${lh.runs.map((r) => pad(`run ${r.run}`, 10)).join('')}${pad('median', 10)}${pad('target', 11)}`);
  for (const { key, label } of METRICS) {
    const goal = lh.targets[key];
    const values = lh.runs.map((r) => pad(formatMetric(key, r[key]), 10)).join('');
    const verdict = goal ? `${pad(goal.target, 11)}  ${goal.pass ? 'PASS' : 'MISS'}` : '';
    console.log(`${label.padEnd(width)}${values}${pad(formatMetric(key, lh.medians[key]), 10)}${verdict}`);
  }
  printLongTasks(lh);
  for (const r of lh.runs) {
    const shifts = r.layoutShifts.map((shift) => `${shift.score} ${shift.element}`).join(', ') || 'none';
    console.log(`  run ${r.run}: LCP element ${r.lcpElement}; layout shifts: ${shifts}; ${r.requests} requests (${r.protocols.join(', ')})`);
    if (r.warnings.length) console.log(`    Lighthouse warnings: ${r.warnings.join(' | ')}`);
  }
}

/**
 * The long tasks after the first paint of the run whose Total Blocking Time is the median: when
 * each starts and how long it takes (simulated), and what ran in it.
 */
function printLongTasks(lh: NavigationJourney): void {
  const byTbt = [...lh.runs].sort((a, b) => a.tbt - b.tbt);
  const run = byTbt[Math.floor((byTbt.length - 1) / 2)]!;
  console.log(`  tasks of 50 ms or more after the first paint (${formatMetric('fcp', run.fcp)}), simulated, run ${run.run} (median TBT):`);
  if (!run.longTasks.length) console.log('    none');
  for (const task of run.longTasks) printTask(task, `at ${formatMetric('fcp', task.start)}`);
}

/** A long task and what ran in it (items of 5 ms or more; the rest together). */
function printTask(task: LongTask, when: string, indent = '    '): void {
  console.log(`${indent}${when}, ${Math.round(task.duration)} ms:`);
  for (const cause of task.causes.filter((c) => c.ms >= 5)) console.log(`${indent}  ${pad(Math.round(cause.ms), 4)} ms  ${cause.what}`);
  const rest = task.causes.filter((cause) => cause.ms < 5).reduce((sum, cause) => sum + cause.ms, 0);
  if (rest >= 1) console.log(`${indent}  ${pad(Math.round(rest), 4)} ms  smaller items, under 5 ms each`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Every run of the sign-in journey. */
export function printSignInRuns(journey: SignInJourney): void {
  const n = journey.network;
  console.log(
    `\nSign-in (fresh browser, / -> identity provider's form -> profile), the browser's own timings, ` +
      `${n.latency} ms RTT, ${((n.download * 8) / 1024 / 1024).toFixed(1)} Mbps down, CPU not slowed:`,
  );
  const width = 26;
  console.log(`${'metric'.padEnd(width)}${journey.runs.map((r) => pad(`run ${r.run}`, 10)).join('')}${pad('median', 10)}`);
  const rows: [string, (r: SignInRun) => string, string][] = [
    ['first request to profile', (r) => seconds(r.totalMs), seconds(journey.medians.totalMs)],
    ['  on the portal', (r) => seconds(r.onPortalMs), seconds(journey.medians.onPortalMs)],
    ['  on the identity provider', (r) => seconds(r.onIdentityProviderMs), seconds(journey.medians.onIdentityProviderMs)],
    ['requests', (r) => String(r.requests), String(journey.medians.requests)],
    ['bytes reported', (r) => `${kb(r.bytes)} KB`, `${kb(journey.medians.bytes)} KB`],
    ['layout shift (profile)', (r) => r.layoutShift.toFixed(3), journey.medians.layoutShift.toFixed(3)],
  ];
  for (const [label, cell, mid] of rows) console.log(`${label.padEnd(width)}${journey.runs.map((r) => pad(cell(r), 10)).join('')}${pad(mid, 10)}`);
  for (const r of journey.runs) {
    const sides = Object.entries(r.bySide).map(([side, v]) => `${side} ${v.requests} requests, ${kb(v.bytes)} KB`);
    console.log(`  run ${r.run}: ${sides.join('; ')}; documents: ${r.documents.map((d) => new URL(d).pathname).join(' -> ')}`);
  }
}

/** The three journeys side by side: medians, and the targets with PASS/MISS. */
export function printJourneys(newTab: NavigationJourney, reload: NavigationJourney, signIn: SignInJourney): void {
  const col = 27;
  const cell = (lh: NavigationJourney, key: MetricKey) => {
    const goal = lh.targets[key];
    return `${pad(formatMetric(key, lh.medians[key]), 9)}${goal ? ` ${goal.target.padEnd(10)}${goal.pass ? 'PASS' : 'MISS'}` : ''}`.padEnd(col);
  };
  const signInCell: Partial<Record<MetricKey, string>> = {
    requests: String(signIn.medians.requests),
    bytes: `${kb(signIn.medians.bytes)} KB`,
    cls: signIn.medians.layoutShift.toFixed(3),
  };
  console.log(`\nJourneys side by side, medians of ${newTab.runs.length}, ${reload.runs.length} and ${signIn.runs.length} run(s):`);
  const width = 26;
  console.log(`${'metric'.padEnd(width)}${'new tab'.padStart(9).padEnd(col)}${'reload'.padStart(9).padEnd(col)}${'sign-in'.padStart(9)}`);
  for (const { key, label } of METRICS) {
    console.log(`${label.padEnd(width)}${cell(newTab, key)}${cell(reload, key)}${pad(signInCell[key] ?? '-', 9)}`);
  }
  const blank = ''.padEnd(col * 2);
  console.log(`${'first request to profile'.padEnd(width)}${blank}${pad(seconds(signIn.medians.totalMs), 9)}`);
  console.log(`${'  on the portal'.padEnd(width)}${blank}${pad(seconds(signIn.medians.onPortalMs), 9)}`);
  console.log(`${'  on the identity provider'.padEnd(width)}${blank}${pad(seconds(signIn.medians.onIdentityProviderMs), 9)}`);
  const misses = [
    ...Object.entries(newTab.targets)
      .filter(([, v]) => !v.pass)
      .map(([k]) => `new tab ${k}`),
    ...Object.entries(reload.targets)
      .filter(([, v]) => !v.pass)
      .map(([k]) => `reload ${k}`),
  ];
  console.log(misses.length ? `Targets missed: ${misses.join(', ')}` : 'All targets met.');
}

/**
 * The interactions journey: each step's time to its content and its event's duration, every run
 * and the median; the keystrokes together; the targets; and the long tasks of each step in the
 * run whose time to the content is that step's median.
 */
export function printInteractions(journey: InteractionsJourney, target: Target): void {
  const { runs } = journey;
  const t = journey.flags;
  console.log(
    `\nInteractions (${journey.user}, new-user persona; a fresh browser per run; Lighthouse's phone, its throttling applied ` +
      `(${t.throttlingMethod}); ${target.description}); a ${journey.readingPauseMs} ms pause before each tap.`,
  );
  console.log("On screen: from the input to the frame after the step's content is in the page. Event: the interaction as INP counts it");
  console.log('(input to next paint; "<16" when the browser reported none, as it reports only 16 ms or more).');
  const ms = (value: number) => `${Math.round(value)}`;
  const event = (step: StepRun) => (step.reported ? ms(step.eventMs) : '<16');
  const width = 28;
  const cols = runs.length * 6 + 8;
  console.log(`${''.padEnd(width)}${'on screen, ms'.padStart(cols)}${'event, ms'.padStart(cols)}`);
  console.log(`${'step'.padEnd(width)}${[0, 1].map(() => runs.map((r) => pad(`r${r.run}`, 6)).join('') + pad('median', 8)).join('')}`);
  journey.medians.steps.forEach((summary, i) => {
    if (summary.kind === 'keystroke') return;
    const shown = runs.map((r) => pad(ms(r.steps[i]!.shownMs), 6)).join('');
    const events = runs.map((r) => pad(event(r.steps[i]!), 6)).join('');
    console.log(`${summary.step.padEnd(width)}${shown}${pad(ms(summary.shownMs), 8)}${events}${pad(ms(summary.eventMs), 8)}`);
  });
  const keys = (r: (typeof runs)[number]) => r.steps.filter((step) => step.kind === 'keystroke');
  const keyCount = keys(runs[0]!).length;
  const keyRow = (label: string, pick: (values: number[]) => number, value: number) =>
    console.log(
      `${label.padEnd(width)}${''.padEnd(cols)}${runs.map((r) => pad(ms(pick(keys(r).map((step) => step.eventMs))), 6)).join('')}${pad(ms(value), 8)}`,
    );
  keyRow(`a key (median of ${keyCount})`, median, journey.medians.keystroke.medianMs);
  keyRow(`a key (slowest of ${keyCount})`, (values) => Math.max(...values), journey.medians.keystroke.slowestMs);

  const labels: Record<string, string> = {
    clickEventMs: "a click's event, median over the journey",
    slowestEventMs: 'the slowest click or keystroke',
    menuPageShownMs: 'a menu page on screen (the slowest median)',
    setUpMfaShownMs: 'Set up MFA on screen, with its passkeys',
    wizardShownMs: "the SMS wizard's first step on screen",
  };
  for (const goal of journey.targets)
    console.log(
      `${(labels[goal.key] ?? goal.key).padEnd(46)}${pad(`${ms(goal.value)} ms`, 8)}  ${goal.text.padEnd(10)}${goal.pass ? 'PASS' : 'MISS'}`,
    );

  console.log("Tasks of 50 ms or more from the step's start until it settled (observed at CPU x4), in the run of the step's median time on screen:");
  journey.medians.steps.forEach((summary, i) => {
    const byShown = [...runs].sort((a, b) => a.steps[i]!.shownMs - b.steps[i]!.shownMs);
    const run = byShown[Math.floor((byShown.length - 1) / 2)]!;
    const tasks = run.steps[i]!.longTasks;
    if (!tasks.length) return;
    console.log(`  ${summary.step} (run ${run.run}):`);
    for (const task of tasks) printTask(task, `at ${task.start < 0 ? '' : '+'}${Math.round(task.start)} ms`);
  });
}
