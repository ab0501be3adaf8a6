// The breaking-change check of openapi.yaml, as pure functions (tools/scripts/contract-diff/contract-diff.ts is the
// command line around them). api-smart-diff finds and classifies the changes; this module only
// chooses which of its answers to judge, adds three small rules where its classification is too
// lenient, and formats the report.
import { apiCompare, type Diff } from 'api-smart-diff';

type ChangeType = 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated' | 'agreed';

export interface Change {
  /** The JSON path of the change, joined with dots. */
  path: string;
  action: 'add' | 'remove' | 'replace' | 'rename';
  type: ChangeType;
  before?: unknown;
  after?: unknown;
  description?: string;
  /** Why the type differs from api-smart-diff's own. */
  rule?: string;
}

/** An entry of info.x-agreed-response-corrections. */
interface Agreement {
  path: string;
  why: string;
}

type JsonPath = Diff['path'];
// Parsed YAML, walked by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Document = any;

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

/**
 * Corrections agreed with the backend teams, listed in the contract being checked under
 * `info.x-agreed-response-corrections`: each `{ path, why }` names the exact path of one
 * response-side change that only makes the contract say what servers already send (a field
 * Okta's answers never carry that the contract called required). That change is reported as
 * 'agreed', not breaking. A request-side change is never accepted this way; an entry without
 * its reason counts for nothing. Only entries added since the base agree to anything: one the
 * base already listed was for a change that has landed (carriedAgreements), so it can never
 * wave through a later change. An added entry that matches no change of this diff is stale and
 * fails the check (staleAgreements), so an agreement lives only beside the change it agrees to.
 */
function agreedCorrections(doc: Document): Agreement[] {
  return listedCorrections(doc).filter(
    (entry): entry is Agreement => typeof entry?.path === 'string' && entry.path && typeof entry?.why === 'string' && entry.why.trim(),
  );
}

// Entries as listed, well-formed or not.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function listedCorrections(doc: Document): any[] {
  const entries: unknown = doc?.info?.['x-agreed-response-corrections'];
  return Array.isArray(entries) ? entries : [];
}

/** An entry's identity: its path and its reason, so one re-agreed for a new change is a new entry. */
const entryKey = (entry: Document) => JSON.stringify([entry?.path, typeof entry?.why === 'string' ? entry.why.trim() : entry?.why]);

/** The identities of the entries the base already listed (carried over: they agree to nothing). */
const carriedKeys = (before: Document | undefined) => new Set(listedCorrections(before).map(entryKey));

function acceptAgreed(change: Change, path: JsonPath, agreed: Agreement[]): Change {
  if (change.type !== 'breaking' || sideOf(path) !== 'response') return change;
  const entry = agreed.find((candidate) => candidate.path === change.path);
  return entry ? { ...change, type: 'agreed', rule: `agreed correction: ${entry.why.trim()}` } : change;
}

/**
 * The agreed corrections of `after` that no change between the two documents used, leaving
 * out those `before` (the base) already listed.
 */
export function staleAgreements(changes: Change[], after: Document, before?: Document): unknown[] {
  const used = new Set(changes.filter((change) => change.type === 'agreed').map((change) => change.path));
  const carried = carriedKeys(before);
  return listedCorrections(after).filter((entry) => !used.has(entry?.path) && !carried.has(entryKey(entry)));
}

/**
 * The agreed corrections that `after` still lists from `before`: their changes landed before
 * the base, so they agree to nothing here. Harmless, and reported so they are removed some day.
 */
export function carriedAgreements(before: Document, after: Document): unknown[] {
  const carried = carriedKeys(before);
  return listedCorrections(after).filter((entry) => carried.has(entryKey(entry)));
}

/**
 * Which revision's openapi.yaml is the old contract, and why, from what git said: the one the
 * command line or CONTRACT_BASE names; else where HEAD left the upstream branch (its merge
 * base), so a breaking change spread over several commits not yet on main is seen whole; else
 * (HEAD already on the upstream branch, as in the clone CI makes of the commit under test, or
 * no upstream branch at all) the previous commit.
 */
export function chooseBase({
  option,
  env,
  upstream,
  upstreamExists,
  head,
  mergeBase,
}: {
  option?: string | undefined;
  env?: string | undefined;
  upstream: string;
  upstreamExists: boolean;
  /** The full id of HEAD, when there is one. */
  head?: string | undefined;
  /** `git merge-base HEAD <upstream>`, when it answered. */
  mergeBase?: string | undefined;
}): { revision: string; asked: boolean; why: string } {
  if (option) return { revision: option, asked: true, why: 'given with --base' };
  if (env) return { revision: env, asked: true, why: 'given in CONTRACT_BASE' };
  const previous = (why: string) => ({ revision: 'HEAD~1', asked: false, why: `the previous commit: ${why}` });
  if (!upstreamExists) return previous(`there is no ${upstream} to compare with (--base or CONTRACT_BASE name another revision)`);
  if (!mergeBase) return previous(`HEAD and ${upstream} share no commit in this clone (a shallow fetch?)`);
  if (mergeBase === head) return previous(`HEAD is already on ${upstream} (its tip, or behind it), so its own commit is the change`);
  return {
    revision: mergeBase,
    asked: true,
    why: `where HEAD left ${upstream} (git merge-base HEAD ${upstream}): every commit not yet on ${upstream} is checked`,
  };
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

// ---------------------------------------------------------------------------------------------
// Extra rules. Each one may only turn a change api-smart-diff did not call breaking into a
// breaking one, and says so in `rule`.

function applyExtraRules(diff: Diff, beforeDoc: Document): Change {
  const change: Change = { ...diff, type: diff.type as ChangeType, path: diff.path.join('.') };
  if (diff.type === 'breaking') return change;
  const rule = removedResponseField(diff) ?? narrowedType(diff) ?? enumAddedToFreeRequestValue(diff, beforeDoc);
  return rule ? { ...change, type: 'breaking', rule: `${rule} [extra rule; api-smart-diff said ${diff.type}]` } : change;
}

/**
 * Rule 1, a removed response field. api-smart-diff calls the removal of an optional response
 * property non-breaking (only a required one is breaking). But the portal's client is generated
 * from this contract, so code that reads the field stops compiling, and the data is gone from
 * the screen. (Removing a request field stays non-breaking: request schemas do not forbid extra
 * properties, so the backend still accepts what the portal sends.)
 */
function removedResponseField({ action, path }: Diff): string | undefined {
  if (action !== 'remove' || sideOf(path) !== 'response' || path.at(-2) !== 'properties') return undefined;
  return `removed field: \`${path.at(-1)}\` is no longer in the response`;
}

/**
 * Rule 2, a `type` that no longer fits. api-smart-diff treats every replaced `type` as a
 * narrowing: breaking in a request body, but non-breaking in a response, and non-breaking for a
 * scalar query parameter (string → integer passes). Here the old and new types are compared as
 * sets of values: a request (body or parameter) breaks when a value it accepted is no longer
 * accepted; a response breaks when it may now carry a value the client did not expect
 * (string → integer, or adding "null"). Types that only widen a request or narrow a response pass.
 */
function narrowedType({ action, path, before, after }: Diff): string | undefined {
  const side = sideOf(path);
  const isType = path.at(-1) === 'type' || path.at(-2) === 'type';
  if (action !== 'replace' || !side || !isType || !isTypeValue(before) || !isTypeValue(after)) return undefined;
  const [mustFit, into] = side === 'request' ? [before, after] : [after, before];
  const lost = [mustFit].flat().filter((type) => !acceptsType([into].flat(), type));
  if (!lost.length) return undefined;
  return side === 'request'
    ? `narrowed type: a ${lost.join(' or ')} is no longer accepted`
    : `changed type: the client may now receive a ${lost.join(' or ')}`;
}

/**
 * Rule 3, a request value that was free and now has an `enum`. api-smart-diff sees the new
 * `enum` as its values being added one by one, and adding allowed values is non-breaking; but
 * a value (request body field or parameter) that accepted anything now accepts only the listed
 * values. Adding values to an existing enum still passes.
 */
function enumAddedToFreeRequestValue({ action, path }: Diff, beforeDoc: Document): string | undefined {
  if (action !== 'add' || sideOf(path) !== 'request' || path.at(-2) !== 'enum') return undefined;
  const schema = valueAt(beforeDoc, path.slice(0, -2));
  if (!isObject(schema) || 'enum' in schema || 'const' in schema) return undefined;
  return 'narrowed type: a free request value now only accepts the listed values (new enum)';
}

/** Whether a change path is inside what the client sends ('request') or receives ('response'). */
function sideOf(path: JsonPath): 'request' | 'response' | undefined {
  if (path[0] !== 'paths') return undefined;
  if (path[3] === 'requestBody' || path[3] === 'parameters') return 'request';
  if (path[3] === 'responses') return 'response';
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTypeValue = (value: unknown): value is string | string[] =>
  typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const acceptsType = (types: string[], type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));

/**
 * The value at a change path in the original document, following local $refs on the way. Like
 * api-smart-diff, an operation's `parameters` are its own followed by those of its path item.
 */
function valueAt(doc: Document, path: JsonPath): unknown {
  let node: Document = doc;
  for (const [index, key] of path.entries()) {
    node = resolveRef(doc, node);
    if (!isObject(node)) return undefined;
    if (path[0] === 'paths' && index === 3 && key === 'parameters') {
      const pathItem = doc.paths?.[path[1]!] ?? {};
      node = [...asArray(node.parameters), ...asArray(pathItem.parameters)];
    } else {
      node = node[key];
    }
  }
  return resolveRef(doc, node);
}

function resolveRef(doc: Document, node: unknown): unknown {
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 20; hops += 1) {
    const pointer = node.$ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~'));
    node = pointer.reduce((value, part) => (isObject(value) ? value[part] : undefined), doc);
  }
  return node;
}

// ---------------------------------------------------------------------------------------------
// Report.

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
