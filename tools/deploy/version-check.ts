// What tools/deploy/check-build.ts checks of dist/version.json, which the build writes
// (tools/vite-plugins/version-json.ts).
import { COMMIT } from '../vite-plugins/version-json.ts';

/** What is wrong with a parsed version.json; nothing for a well-formed one. */
export function versionProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['it is not a JSON object'];
  const { commit, dirty, builtAt, ...rest } = value as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof commit !== 'string' || !(COMMIT.test(commit) || commit === 'unknown')) problems.push('commit must be a full commit id or "unknown"');
  if (typeof dirty !== 'boolean') problems.push('dirty must be true or false');
  if (typeof builtAt !== 'string' || Number.isNaN(Date.parse(builtAt)) || new Date(builtAt).toISOString() !== builtAt)
    problems.push('builtAt must be an ISO 8601 UTC time (Date.toISOString)');
  if (Object.keys(rest).length) problems.push(`unexpected fields: ${Object.keys(rest).join(', ')}`);
  return problems;
}
