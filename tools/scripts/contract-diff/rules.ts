// The gate's extra rules. Each one may only turn a change api-smart-diff did not call breaking
// into a breaking one, and says so in `rule`.
import type { Diff } from 'api-smart-diff';
import { sideOf, type Change, type ChangeType, type Document, type JsonPath } from './change.ts';

/** The change as the gate judges it: api-smart-diff's, unless an extra rule makes it breaking. */
export function applyExtraRules(diff: Diff, beforeDoc: Document): Change {
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
