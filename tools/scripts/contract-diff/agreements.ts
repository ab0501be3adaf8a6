// Corrections agreed with the backend teams (openapi.yaml's info.x-agreed-response-corrections):
// which of them agree to a change of this diff, which are stale and which were carried over.
import { sideOf, type Change, type Document, type JsonPath } from './change.ts';

/** An entry of info.x-agreed-response-corrections. */
interface Agreement {
  path: string;
  why: string;
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
export function agreedCorrections(doc: Document): Agreement[] {
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
export const entryKey = (entry: Document) => JSON.stringify([entry?.path, typeof entry?.why === 'string' ? entry.why.trim() : entry?.why]);

/** The identities of the entries the base already listed (carried over: they agree to nothing). */
export const carriedKeys = (before: Document | undefined) => new Set(listedCorrections(before).map(entryKey));

export function acceptAgreed(change: Change, path: JsonPath, agreed: Agreement[]): Change {
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
