// The gate's report, for people: breaking changes, agreed, stale and carried-over corrections,
// changes no one classified, then the counts.
import { countByType } from './classify.ts';
import type { Change } from './change.ts';

const ACTIONS: Record<string, string> = { add: 'added', remove: 'removed', replace: 'replaced', rename: 'renamed' };

/** A value in one short line: scalars as JSON, objects cut to 60 characters. */
function brief(value: unknown): string {
  if (value === undefined) return '(none)';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 59)}…` : json;
}

/** One line for a change: path, what changed (before → after), and the reason. */
function formatChange(change: Change): string {
  const why = change.rule ?? change.description;
  return `  ${change.path}: ${ACTIONS[change.action] ?? change.action}, ${brief(change.before)} → ${brief(change.after)}${why ? ` — ${why}` : ''}`;
}

/**
 * The human report: breaking changes, agreed, stale and carried-over corrections, changes no
 * one classified, then the counts.
 */
export function formatReport(changes: Change[], baseLabel: string, stale: unknown[] = [], carried: unknown[] = []): string {
  const counts = countByType(changes);
  const lines = [`Contract diff: openapi.yaml against ${baseLabel}`];
  const breaking = changes.filter((change) => change.type === 'breaking');
  const unclassified = changes.filter((change) => change.type === 'unclassified');
  const agreed = changes.filter((change) => change.type === 'agreed');
  if (breaking.length) lines.push('', `Breaking changes (${breaking.length}):`, ...breaking.map(formatChange));
  if (agreed.length) lines.push('', `Corrections agreed with the backend teams (${agreed.length}):`, ...agreed.map(formatChange));
  if (stale.length) {
    lines.push(
      '',
      `Stale agreed corrections, which match no change of this diff (${stale.length}); remove them:`,
      ...stale.map((entry) => `  ${JSON.stringify(entry)}`),
    );
  }
  if (carried.length) {
    lines.push(
      '',
      `Agreed corrections already listed at the base (${carried.length}): their changes have landed and they agree to nothing now; remove them when convenient:`,
      ...carried.map((entry) => `  ${JSON.stringify(entry)}`),
    );
  }
  if (unclassified.length) lines.push('', `Unclassified changes, review them by hand (${unclassified.length}):`, ...unclassified.map(formatChange));
  lines.push(
    '',
    `${counts.breaking} breaking, ${counts.agreed} agreed, ${counts['non-breaking']} non-breaking, ${counts.annotation} annotation, ${counts.deprecated} deprecated, ${counts.unclassified} unclassified.`,
    counts.breaking
      ? 'FAILED: the contract has breaking changes. Make them additive, or agree a new API version with the backend teams.'
      : stale.length
        ? 'FAILED: stale agreed corrections in info.x-agreed-response-corrections.'
        : 'OK: no breaking change.',
  );
  return lines.join('\n');
}
