// `npm audit --omit=dev`: fails on any high or critical advisory in what the browser loads.
// When the registry's advisory service cannot be reached (some mirrors and proxies refuse it),
// it says so plainly and exits NOT_DONE: the gate's summary names the audit as not done, and
// never counts it as passed.
import { spawnSync } from 'node:child_process';
import { NOT_DONE } from './gate.ts';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: process.platform === 'win32' });

/** The parts of `npm audit --json` read here; an unreachable advisory service answers with an error instead. */
interface AuditReport {
  statusCode?: number;
  message?: string;
  error?: { summary?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { name: string; severity: string }>;
}

let report: AuditReport;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`audit: npm audit printed no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

if (report.statusCode || report.error) {
  const why = report.message ?? report.error?.summary ?? 'no answer';
  console.warn(`audit: NOT DONE, the registry's advisory service did not answer (${why}): the production dependencies were not checked.`);
  process.exit(NOT_DONE);
}

const counts = report.metadata?.vulnerabilities ?? {};
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
const summary = ['critical', 'high', 'moderate', 'low'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
if (serious > 0) {
  const names = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === 'high' || v.severity === 'critical')
    .map((v) => `${v.name} (${v.severity})`);
  console.error(`audit: ${summary} in production dependencies: ${names.join(', ')}`);
  process.exit(1);
}
console.log(`audit: production dependencies checked: ${summary}`);
