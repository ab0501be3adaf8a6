// What the check says: one row per request as it finishes, the problems several operations
// share, the JUnit file for CI and the count. The answers' bodies carry the test account's data:
// they are shown only with --verbose.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface Result {
  operation: string;
  request: string;
  result: 'passed' | 'failed' | 'skipped';
  /** The backend's own status; none when it did not answer. */
  status?: number;
  /** How long the answer took. */
  ms?: number;
  detail: string;
  /** The start of the backend's answer to a failed request; printed and reported only with --verbose. */
  body?: string;
}

/** The detail with the body when `verbose`, else without it. */
const said = (r: Result, verbose: boolean) => (verbose && r.body ? `${r.detail}: ${r.body}` : r.detail);

/** Fixed columns, so each row prints as soon as its request has an answer. */
export function tableWriter(requests: { operation: string; request: string }[], verbose: boolean, write: (line: string) => void) {
  const widths = [Math.max(9, ...requests.map((r) => r.operation.length)), Math.max(7, ...requests.map((r) => r.request.length)), 7, 6, 7];
  const line = (cells: string[], detail: string) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ') + (detail ? `  ${detail}` : '');
  return {
    header: () => write(line(['operation', 'request', 'result', 'status', 'time'], '')),
    row: (r: Result) =>
      write(
        line(
          [r.operation, r.request, r.result, r.status === undefined ? '-' : String(r.status), r.ms === undefined ? '' : `${r.ms} ms`],
          said(r, verbose),
        ),
      ),
  };
}

/**
 * A violation's location and message with array positions left out, so repeats fall together:
 * a number right after a property name (`factors.0.status`, `a.1.0.b`), never one inside an
 * address or a version (`127.0.0.1`, `5.16.0`).
 */
const generic = (text: string) => text.replace(/(?<=(?:^|[^\w$])[A-Za-z_$][\w$]*(?:\.\d+)*\.)\d+(?=\.|\s|$)/g, '*');

/**
 * The violations of one answer, repeats said once: the same message at every item of an array
 * (`factors.*.status`), or the same rule for several names (`required property 'a', 'b'`).
 */
export function groupViolations(violations: { location: string[]; message: string }[]): string[] {
  const groups = new Map<string, { texts: string[]; names: string[] }>();
  for (const v of violations) {
    const text = `${v.location.join('.')}: ${v.message}`;
    const key = generic(text).replace(/'[^']*'/g, "'…'");
    const group = groups.get(key) ?? { texts: [], names: [] };
    group.texts.push(text);
    group.names.push(...[...v.message.matchAll(/'[^']*'/g)].map((m) => m[0]));
    groups.set(key, group);
  }
  return [...groups].map(([key, { texts, names }]) => {
    if (texts.length === 1) return texts[0]!;
    const distinct = [...new Set(names)];
    const listed = distinct.slice(0, 8).join(', ') + (distinct.length > 8 ? ` and ${distinct.length - 8} more` : '');
    return `${distinct.length > 1 ? key.replace("'…'", listed) : generic(texts[0]!)} (×${texts.length})`;
  });
}

/** The same problem on several operations, said once (a wrong content type, an unreachable backend...). */
export function groupAcross(results: Result[]): string[] {
  const byProblem = new Map<string, string[]>();
  for (const r of results.filter((x) => x.result === 'failed')) {
    for (const part of r.detail.split('; ')) {
      const key = generic(part).replace(/request to \S+ failed/, 'request to … failed');
      byProblem.set(key, [...(byProblem.get(key) ?? []), r.operation]);
    }
  }
  return [...byProblem]
    .map(([problem, rows]) => ({ problem, rows: rows.length, ops: [...new Set(rows)] }))
    .filter(({ ops }) => ops.length > 1)
    .sort((a, b) => b.rows - a.rows)
    .map(({ problem, rows, ops }) => `${ops.length} operations${rows > ops.length ? ` (${rows} requests)` : ''}: ${problem}\n    ${ops.join(', ')}`);
}

/** Text for an XML attribute or element: escaped, without the control characters XML 1.0 forbids. */
const xml = (text: string) =>
  [...text]
    .filter((c) => c >= ' ' || c === '\n' || c === '\t' || c === '\r')
    .join('')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A JUnit report: one test case per request, as CI systems read them; bodies only when `verbose`. */
export function junitReport(results: Result[], target: string, verbose = false): string {
  const count = (result: Result['result']) => results.filter((r) => r.result === result).length;
  const seconds = (ms = 0) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, r) => sum + (r.ms ?? 0), 0);
  const cases = results.map((r) => {
    const open = `    <testcase classname="contract-verify" name="${xml(`${r.operation} (${r.request})`)}" time="${seconds(r.ms)}"`;
    if (r.result === 'passed') return `${open}/>`;
    if (r.result === 'skipped') return `${open}>\n      <skipped message="${xml(r.detail)}"/>\n    </testcase>`;
    const status = r.status === undefined ? 'no status' : `status ${r.status}`;
    const detail = said(r, verbose);
    return `${open}>\n      <failure message="${xml(`${status}: ${detail}`.slice(0, 500))}">${xml(`${r.request}\n${status}\n${detail}`)}</failure>\n    </testcase>`;
  });
  const counts = `tests="${results.length}" failures="${count('failed')}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract:verify" ${counts} skipped="${count('skipped')}" time="${seconds(total)}">`,
    `  <testsuite name="${xml(`contract:verify against ${target}`)}" ${counts} errors="0" skipped="${count('skipped')}" time="${seconds(total)}" timestamp="${new Date().toISOString().slice(0, 19)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** What `report` needs of the options. */
interface ReportOptions {
  target: string;
  json: boolean;
  verbose: boolean;
  junit?: string;
}

/** The summary after the table, and the exit code: 1 on any failure or when nothing was checked. */
export function report(results: Result[], options: ReportOptions, out: (line: string) => void): number {
  const { target, json, verbose, junit } = options;
  if (json) console.log(JSON.stringify(verbose ? results : results.map((r) => ({ ...r, body: undefined })), null, 2));
  const grouped = groupAcross(results);
  if (grouped.length) out(`\nThe same problem on several operations:\n${grouped.map((g) => `  ${g}`).join('\n')}`);
  if (junit !== undefined) {
    writeFileSync(resolve(junit), junitReport(results, target, verbose));
    out(`\nJUnit report: ${resolve(junit)}`);
  }
  if (!verbose && results.some((r) => r.body)) out('\nThe answers’ bodies are left out (they carry the account’s data); --verbose shows them.');
  const count = (result: Result['result']) => results.filter((r) => r.result === result).length;
  out(`\ncontract:verify against ${target}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
  if (count('passed') + count('failed') === 0) {
    out('contract:verify: no operation was checked, so nothing is proved');
    return 1;
  }
  return count('failed') > 0 ? 1 : 0;
}
