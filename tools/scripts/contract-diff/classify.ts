// The breaking-change check of openapi.yaml, as pure functions (contract-diff.ts is the command
// line around them). api-smart-diff finds and classifies the changes; the gate only chooses
// which of its answers to judge (here), adds three small rules where its classification is too
// lenient (rules.ts), accepts corrections agreed with the backend teams (agreements.ts), and
// reports (report.ts).
import { apiCompare } from 'api-smart-diff';
import { acceptAgreed, agreedCorrections, carriedKeys, entryKey } from './agreements.ts';
import type { Change, ChangeType, Document } from './change.ts';
import { applyExtraRules } from './rules.ts';

/**
 * api-smart-diff reports every change inside a $ref'd component twice: once inside each
 * operation that uses it (where it knows whether the schema is sent or received) and once under
 * `components`, judged as if every schema were a request body (there, adding a required field to
 * a response schema counts as breaking and removing a response field as non-breaking). Only the
 * operation copies are judged; these component sections are skipped.
 */
const INLINED_COMPONENTS = new Set(['schemas', 'parameters', 'requestBodies', 'responses', 'headers', 'examples']);

/** Every change between two parsed OpenAPI documents, classified. The inputs are not modified. */
export function classifiedChanges(before: Document, after: Document): Change[] {
  // api-smart-diff rewrites the documents it is given (path-level parameters move into the
  // operations), so it gets copies.
  const { diffs } = apiCompare(structuredClone(before), structuredClone(after));
  const carried = carriedKeys(before);
  const agreed = agreedCorrections(after).filter((entry) => !carried.has(entryKey(entry)));
  return diffs
    .filter(({ path }) => !(path[0] === 'components' && INLINED_COMPONENTS.has(String(path[1]))))
    .map((diff) => acceptAgreed(applyExtraRules(diff, before), diff.path, agreed));
}

/** The breaking changes between two parsed OpenAPI documents (what the gate fails on). */
export function breakingChanges(before: Document, after: Document): Change[] {
  return classifiedChanges(before, after).filter((change) => change.type === 'breaking');
}

/** How many changes of each type. */
export function countByType(changes: Change[]): Record<ChangeType, number> {
  const counts: Record<ChangeType, number> = { breaking: 0, agreed: 0, 'non-breaking': 0, annotation: 0, deprecated: 0, unclassified: 0 };
  for (const change of changes) counts[change.type] += 1;
  return counts;
}
