// What the breaking-change gate says about one change of openapi.yaml, and on which side of
// the API (what the client sends, or what it receives) a change lies.
import type { Diff } from 'api-smart-diff';

export type ChangeType = 'breaking' | 'non-breaking' | 'annotation' | 'unclassified' | 'deprecated' | 'agreed';

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

export type JsonPath = Diff['path'];
// Parsed YAML, walked by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Document = any;

/** Whether a change path is inside what the client sends ('request') or receives ('response'). */
export function sideOf(path: JsonPath): 'request' | 'response' | undefined {
  if (path[0] !== 'paths') return undefined;
  if (path[3] === 'requestBody' || path[3] === 'parameters') return 'request';
  if (path[3] === 'responses') return 'response';
  return undefined;
}
