// How long the Previous Login CSV export holds the page: the very code the page runs
// (loginCsv.ts, beside it), 10,000 logins, in Node's V8. A heartbeat timer stands
// for the page's other work (input, drawing): the longest gap between two beats is the longest
// time the page could not answer. The export's promise: no block over 100 ms.
//
//   node src/features/login-log/loginCsv.bench.ts             # 10,000 rows, 7 runs
//   node src/features/login-log/loginCsv.bench.ts --rows 50000 --runs 3
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildLoginCsv, type LoginLogEntry } from './loginCsv.ts';

const BUDGET_MS = 100;
const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, runs: { type: 'string', default: '7' } } });
const rows = Number(values.rows);
const runs = Number(values.runs);

const BROWSERS = ['Chrome 142', 'Firefox 146', 'Safari 19', 'Edge 142'];
const DISTRICTS = ['Wan Chai', 'Sha Tin', 'Central and Western', 'Yau Tsim Mong', '灣仔', 'Sham Shui Po, N.T.'];
const APPLICATIONS = ['Account Portal', 'Canvas', 'Library', 'Outlook', 'Student "Hub"', '=HYPERLINK("x")'];

/** Logins like the server's, with a share that needs quoting or defusing. */
function logins(count: number): LoginLogEntry[] {
  const start = Date.parse('2026-11-22T01:42:17Z');
  return Array.from({ length: count }, (_, i) => ({
    time: new Date(start - i * 3_600_000).toISOString(),
    browser: BROWSERS[i % BROWSERS.length]!,
    os: i % 3 ? 'Windows 11' : 'macOS 16',
    ip: `203.0.113.${i % 250}`,
    district: DISTRICTS[i % DISTRICTS.length]!,
    application: APPLICATIONS[i % APPLICATIONS.length]!,
  }));
}

interface Run {
  totalMs: number;
  longestBlockMs: number;
  blobMs: number;
  bytes: number;
}

async function once(data: LoginLogEntry[]): Promise<Run> {
  const headers = ['Login time', 'Browser', 'OS', 'IP address', 'District', 'Application'];
  let last = performance.now();
  let longest = 0;
  // setImmediate runs once per turn of the event loop: each beat marks a moment the page was free.
  let beating = true;
  const beat = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (beating) setImmediate(beat);
  };
  setImmediate(beat);
  const started = performance.now();
  last = started;
  const parts = await buildLoginCsv(data, headers);
  // The page makes one Blob of the parts (one synchronous step): measured on its own.
  const blobStart = performance.now();
  const blob = new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' });
  const blobMs = performance.now() - blobStart;
  const totalMs = performance.now() - started;
  beat();
  beating = false;
  return { totalMs, longestBlockMs: Math.max(longest, blobMs), blobMs, bytes: blob.size };
}

const data = logins(rows);
await once(data); // warm-up: the page's first export also runs cold, but a JIT warm-up keeps runs comparable
const results: Run[] = [];
for (let i = 0; i < runs; i++) results.push(await once(data));

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const f = (ms: number) => `${ms.toFixed(1)} ms`;
const longest = results.map((r) => r.longestBlockMs);
const totals = results.map((r) => r.totalMs);
console.log(
  `CSV export of ${rows.toLocaleString('en')} logins, ${runs} runs (Node ${process.version}, ${results[0]!.bytes.toLocaleString('en')} bytes, load average ${loadavg()[0]!.toFixed(1)})`,
);
console.log(`  longest main-thread block: median ${f(median(longest))}, worst ${f(Math.max(...longest))} (budget ${BUDGET_MS} ms)`);
console.log(`  total time:                median ${f(median(totals))}, worst ${f(Math.max(...totals))}`);
console.log(`  Blob of the parts:         median ${f(median(results.map((r) => r.blobMs)))}`);
if (Math.max(...longest) > BUDGET_MS) {
  // On a busy machine the process itself may be descheduled: the load average above tells.
  console.error(`Over budget: a block of ${f(Math.max(...longest))}.`);
  process.exitCode = 1;
}
