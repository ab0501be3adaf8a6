// For the verifier's tests: how many rows the check of the repository's openapi.yaml has, counted
// from the contract itself rather than from plan(), so that a new operation changes the figures
// the tests expect instead of breaking them. Not part of the package (pack.ts takes only what
// bin.ts reaches).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { MUTATIONS, type Node } from './operations.ts';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** What the check of `spec` sends and skips by default (no --run). */
export interface ContractFigures {
  /** The GETs the backend serves that only read (MUTATIONS names the GETs that change the account): the check sends each. */
  reads: string[];
  /** Of those, the ones the contract secures: each is sent a second time, without the token. */
  securedReads: string[];
  /** The requests sent: every read, and every secured read once more without the token. */
  sent: number;
  /** The rows skipped: every operation that is not a read (served elsewhere, or changes the account). */
  skipped: number;
  /** Every row of the report (a JUnit testcase each). */
  rows: number;
}

export function figuresOf(spec: Node): ContractFigures {
  const operations: string[] = [];
  const reads: string[] = [];
  const securedReads: string[] = [];
  for (const item of Object.values<Node>(spec.paths)) {
    for (const method of HTTP_METHODS.filter((name) => item[name])) {
      const op = item[method];
      const id = String(op.operationId);
      operations.push(id);
      if (method !== 'get' || op.servers || id in MUTATIONS) continue;
      reads.push(id);
      if ((op.security ?? spec.security ?? []).length > 0) securedReads.push(id);
    }
  }
  const sent = reads.length + securedReads.length;
  const skipped = operations.length - reads.length;
  return { reads, securedReads, sent, skipped, rows: sent + skipped };
}

/** The counts of the verifier's last line, whole numbers only: `9 passed` is not found in `19 passed`. */
export const summary = (passed: number, failed: number, skipped: number) => `: ${passed} passed, ${failed} failed, ${skipped} skipped\n`;

/** The figures of the repository's openapi.yaml. */
export const contract = figuresOf(parse(readFileSync('openapi.yaml', 'utf8')));
