// `npm audit`: fails on any high or critical advisory in what the portal ships: the production
// dependencies (what the browser loads), and the backend verifier's package (Prism and
// everything under it, as its npm-shrinkwrap.json pins them: what npx installs for backend
// teams). When the registry's advisory service cannot be reached (some mirrors and proxies
// refuse it, as this project's own CI's does), it says so plainly and exits NOT_DONE: the gate's
// summary names the audit as not done, never as passed, and a gate run with AUDIT_REQUIRED fails
// on it (tools/scripts/gate.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeManifestAndLock } from './contract-verify/pack.ts';
import { NOT_DONE } from './gate.ts';

/** The parts of `npm audit --json` read here; an unreachable advisory service answers with an error instead. */
interface AuditReport {
  statusCode?: number;
  message?: string;
  error?: { summary?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { name: string; severity: string }>;
}

type Outcome = { checked: string } | { serious: string } | { notDone: string; what: string } | { broken: string };

/** `npm audit` of the tree whose lock is in `cwd`. */
function audit(what: string, cwd: string, ...args: string[]): Outcome {
  const run = spawnSync('npm', ['audit', '--json', ...args], { cwd, encoding: 'utf8', shell: process.platform === 'win32' });
  let report: AuditReport;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    return { broken: `npm audit printed no report for ${what} (exit ${run.status}):\n${run.stderr}` };
  }
  if (report.statusCode || report.error) {
    return { notDone: `the registry's advisory service did not answer (${report.message ?? report.error?.summary ?? 'no answer'})`, what };
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  const summary = ['critical', 'high', 'moderate', 'low'].map((level) => `${counts[level] ?? 0} ${level}`).join(', ');
  if ((counts.high ?? 0) + (counts.critical ?? 0) === 0) return { checked: `${what} checked: ${summary}` };
  const names = Object.values(report.vulnerabilities ?? {})
    .filter((v) => v.severity === 'high' || v.severity === 'critical')
    .map((v) => `${v.name} (${v.severity})`);
  return { serious: `${summary} in ${what}: ${names.join(', ')}` };
}

const stage = mkdtempSync(join(tmpdir(), 'portal-audit-'));
let outcomes: Outcome[];
try {
  writeManifestAndLock(stage);
  outcomes = [audit('production dependencies', process.cwd(), '--omit=dev'), audit('the backend verifier’s package', stage)];
} finally {
  rmSync(stage, { recursive: true, force: true });
}
for (const outcome of outcomes) {
  if ('checked' in outcome) console.log(`audit: ${outcome.checked}`);
  if ('serious' in outcome) console.error(`audit: ${outcome.serious}`);
  if ('broken' in outcome) console.error(`audit: ${outcome.broken}`);
}
if (outcomes.some((outcome) => 'serious' in outcome || 'broken' in outcome)) process.exit(1);
const notDone = outcomes.filter((outcome) => 'notDone' in outcome);
if (notDone.length) {
  console.warn(`audit: NOT DONE, ${notDone[0]!.notDone}: ${notDone.map(({ what }) => what).join(' and ')} not checked.`);
  process.exit(NOT_DONE);
}
