// The benchmark's printed tables.
import type { RouteSizes, Sizes } from './bundle-sizes.ts';
import { median, METRICS, type Figures, type MetricKey, type Summary } from './lighthouse.ts';
import type { BenchUser } from './browser.ts';
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

export function printSizes({ first, routes }: RouteSizes): void {
  const cells = (s: Sizes) => [s.js.raw, s.js.gzip, s.js.brotli, s.css.raw, s.css.gzip, s.css.brotli].map((b) => pad(kb(b), 7)).join('');
  const rows = [
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
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

export function printMachine(m: Machine, chromium: string, loadAfter?: number[]): void {
  console.log(`\nMachine: ${m.cpuCount} x ${m.cpuModel}, ${m.memoryGB} GB; Node ${m.node}; ${chromium}; ${m.date}`);
  console.log(
    `  load average (1, 5, 15 min): ${m.loadAverage.join(', ')} at start${loadAfter ? `; ${loadAfter.join(', ')} after the Lighthouse runs` : ''}`,
  );
}

export function printLighthouse(lh: Summary & { runs: Figures[] }, user: BenchUser, target: Target): void {
  const first = lh.runs[0];
  if (!first) return;
  const s = first.settings;
  const t = s.throttling;
  console.log(
    `\nLighthouse ${first.lighthouseVersion}, ${s.formFactor} emulation, ${s.throttlingMethod} throttling ` +
      `(${t.rttMs} ms RTT, ${((t.throughputKbps ?? NaN) / 1000).toFixed(1)} Mbps, CPU x${t.cpuSlowdownMultiplier}), cold cache;\n` +
      `${target.page} (${target.description}) signed in as ${user.username} (${user.persona} persona); median of ${lh.runs.length} runs; ` +
      `Lighthouse benchmarkIndex ${Math.round(median(lh.runs.map((r) => r.benchmarkIndex)))}`,
  );
  const width = 26;
  const header = `${'metric'.padEnd(width)}${lh.runs.map((r) => pad(`run ${r.run}`, 10)).join('')}${pad('median', 10)}${pad('target', 11)}`;
  console.log(header);
  for (const { key, label } of METRICS) {
    const goal = lh.targets[key];
    const values = lh.runs.map((r) => pad(formatMetric(key, r[key]), 10)).join('');
    const verdict = goal ? `${pad(goal.target, 11)}  ${goal.pass ? 'PASS' : 'MISS'}` : '';
    console.log(`${label.padEnd(width)}${values}${pad(formatMetric(key, lh.medians[key]), 10)}${verdict}`);
  }
  for (const r of lh.runs) {
    const shifts = r.layoutShifts.map((shift) => `${shift.score} ${shift.element}`).join(', ') || 'none';
    console.log(`  run ${r.run}: LCP element ${r.lcpElement}; layout shifts: ${shifts}; ${r.requests} requests (${r.protocols.join(', ')})`);
    if (r.warnings.length) console.log(`    Lighthouse warnings: ${r.warnings.join(' | ')}`);
  }
  const misses = Object.entries(lh.targets).filter(([, v]) => !v.pass);
  console.log(misses.length ? `Targets missed: ${misses.map(([k]) => k).join(', ')}` : 'All targets met.');
}
