// The requests the check sends, filled from the contract's own examples and the team's data,
// and how each answer is judged: its status must be declared and its body must match the
// contract (Prism's sl-violations header says where it does not). Every read that needs a token
// is also sent once without one, and must be refused with 401; an operation named with --run
// first sends the requests a backend must refuse (operations.ts, `refusals`).
import { MUTATIONS, type Data, type IssuedOptions, type Node } from './operations.ts';
import { groupViolations, type Result } from './report.ts';
import type { Handling } from './prism.ts';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** One row of the check: a request to send, or why it is skipped. */
export interface Planned {
  operation: string;
  /** `GET /path`, and `, no token` for the request that must be refused. */
  request: string;
  skipped?: string;
  method: string;
  url: string;
  body?: unknown;
  /** The contract asks for a token. */
  secured: boolean;
  /** Sent without the token the contract asks for: the answer must be 401. */
  withheld: boolean;
  /** The statuses the contract declares. */
  declared: string[];
  /** A request the backend must refuse, with this status (a withheld token: `withheld`). */
  refusal?: string;
  /** Fresh registration options asked for first (POST `url`, `calls` times), which the body is made from. */
  options?: { url: string; calls: number; body: (issued: IssuedOptions[]) => unknown };
}

function exampleOf(spec: Node, thing: Node): unknown {
  if (!thing) return undefined;
  if (thing.example !== undefined) return thing.example;
  const named: Node = thing.examples && Object.values(thing.examples)[0];
  if (named?.$ref) return spec.components.examples[named.$ref.split('/').pop()].value;
  if (named?.value !== undefined) return named.value;
  const schema = thing.schema;
  if (schema?.example !== undefined) return schema.example;
  if (schema?.default !== undefined) return schema.default;
  if (schema?.enum) return schema.enum[0];
  return undefined;
}

/** The URL of one operation, from the contract's examples, with the team's path parameters in their place. */
function urlFor(spec: Node, path: string, op: Node, given: Record<string, string> = {}): string {
  const deref = (p: Node): Node =>
    p.$ref
      ? p.$ref
          .split('/')
          .slice(1)
          .reduce((node: Node, key: string) => node[key], spec)
      : p;
  const params = [...(spec.paths[path].parameters ?? []), ...(op.parameters ?? [])].map(deref);
  let url = path;
  const query = new URLSearchParams();
  for (const param of params) {
    const value = given[param.name] ?? exampleOf(spec, param);
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(value ?? 'contract-check')));
    if (param.in === 'query' && (param.required || param.schema?.default !== undefined) && value !== undefined) {
      // A paging token from the mock's examples means nothing to a real backend: ask for the first page.
      if (param.name !== 'afterToken') query.set(param.name, String(value));
    }
  }
  return `${url}${query.size ? `?${query}` : ''}`;
}

/** Where the contract issues registration options (getPasskeyRegistrationOptions, a POST). */
const optionsPath = (spec: Node) =>
  Object.entries<Node>(spec.paths).find(([, item]) => item.post?.operationId === 'getPasskeyRegistrationOptions')?.[0] ?? 'no-such-operation';

/** Every row of the check, in the contract's order: what is sent, and what is skipped and why. */
export function plan(spec: Node, run: Set<string>, data: Data): Planned[] {
  const rows: Planned[] = [];
  for (const [path, item] of Object.entries<Node>(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operation = String(op.operationId);
      const secured = (op.security ?? spec.security ?? []).length > 0;
      const declared = Object.keys(op.responses ?? {});
      const row = { operation, request: `${method.toUpperCase()} ${path}`, method, url: path, secured, withheld: false, declared };
      if (op.servers) {
        rows.push({ ...row, skipped: `served by ${op.servers[0].url}, not the backend` });
        continue;
      }
      const example = exampleOf(spec, op.requestBody?.content?.['application/json']);
      // Every operation but a GET changes the account, and so do the GETs that MUTATIONS names.
      const changes = method !== 'get' || operation in MUTATIONS;
      if (changes && !run.has(operation)) {
        rows.push({ ...row, skipped: `changes the account: run it with --run ${operation}` });
        continue;
      }
      const mutation = MUTATIONS[operation];
      for (const refusal of changes ? (mutation?.refusals ?? []) : []) {
        const made = refusal.fill(data, example);
        const options = refusal.options;
        rows.push({
          ...row,
          request: `${row.request}, refused: ${refusal.what}`,
          url: urlFor(spec, path, op, made.params),
          body: made.body,
          withheld: refusal.status === '401',
          refusal: refusal.status,
          ...(options ? { options: { url: optionsPath(spec), calls: options.calls, body: (issued) => options.body(issued, data) } } : {}),
        });
      }
      if (mutation?.refusalsOnly) continue;
      const filled = changes ? (mutation?.fill?.(data, example) ?? {}) : {};
      const request = { ...row, url: urlFor(spec, path, op, filled.params), body: filled.body === undefined ? example : filled.body };
      rows.push(request);
      // A call that changes the account is never sent without its token, even when named.
      if (!changes && secured) rows.push({ ...request, request: `${request.request}, no token`, withheld: true });
    }
  }
  return rows;
}

/** What came back through Prism, and who answered (what Prism's log says it did). */
interface Answer {
  status: number;
  text: string;
  violations: { location: string[]; message: string }[];
  handled: Handling;
}

/** The verdict on one answer: passed, or failed with why (the body apart, shown only with --verbose). */
export function judge(row: Planned, answer: Answer): Pick<Result, 'result' | 'status' | 'detail' | 'body'> {
  const { handled } = answer;
  if (handled.by === 'prism') {
    return { result: 'failed', ...(handled.status ? { status: handled.status } : {}), detail: `no answer from the backend (Prism: ${handled.why})` };
  }
  const { status } = answer;
  const body = answer.text.slice(0, 200);
  // A request made to be refused breaks the contract itself (no token, a nickname it forbids): that is the point.
  const violations = row.withheld || row.refusal ? answer.violations.filter((v) => v.location[0] !== 'request') : answer.violations;
  if (row.refusal && !row.withheld && String(status) !== row.refusal) {
    return { result: 'failed', status, detail: `answered ${status} to a request it must refuse, where the contract asks for ${row.refusal}`, body };
  }
  if (row.withheld && status !== 401) {
    return {
      result: 'failed',
      status,
      detail: `answered ${status} without a token, where the contract asks for 401 (does the backend check Authorization?)`,
      body,
    };
  }
  if (!row.declared.includes(String(status)) && !row.declared.includes('default')) {
    return { result: 'failed', status, detail: `status ${status} is not declared (${row.declared.join(', ')})`, body };
  }
  if (violations.length > 0) return { result: 'failed', status, detail: groupViolations(violations).join('; ') };
  if (status >= 400 && !row.withheld && !row.refusal) return { result: 'failed', status, detail: `answered ${status}`, body };
  return { result: 'passed', status, detail: '' };
}

interface CheckArgs {
  port: number;
  token: string;
  timeoutMs: number;
  /** The check's own Prism: where its log stands, and what it did with a request since then. */
  prism: { mark(): number; handling(mark: number, path: string, status: number): Promise<Handling> };
  onResult: (result: Result) => void;
}

/** Sends one planned request through the proxy and judges the answer; a timeout or a failed connection fails the row. */
async function check(row: Planned, { port, token, timeoutMs, prism }: CheckArgs): Promise<Result> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (row.secured && !row.withheld) headers.Authorization = `Bearer ${token}`;
  if (row.body !== undefined) headers['Content-Type'] = 'application/json';
  const started = Date.now();
  const named = { operation: row.operation, request: row.request };
  const mark = prism.mark();
  try {
    const url = new URL(`http://127.0.0.1:${port}${row.url}`);
    let body = row.body;
    if (row.options) {
      const issued: IssuedOptions[] = [];
      while (issued.length < row.options.calls) {
        const answer = await fetch(new URL(`http://127.0.0.1:${port}${row.options.url}`), {
          method: 'POST',
          headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const options = await answer.json().catch(() => undefined);
        // Without options to answer, a refusal would prove nothing: a backend refuses a made-up challenge whatever it checks.
        if (answer.status !== 200 || typeof options?.challenge !== 'string' || typeof options?.rp?.id !== 'string') {
          const what = answer.status === 200 ? '200 without a challenge and a relying-party id' : `${answer.status}, not 200 with options`;
          const detail = `the registration options (POST ${row.options.url}) answered ${what}: nothing to answer, so nothing proved`;
          return { ...named, result: 'failed', status: answer.status, ms: Date.now() - started, detail };
        }
        issued.push(options);
      }
      body = row.options.body(issued);
      headers['Content-Type'] = 'application/json';
    }
    const response = await fetch(url, {
      method: row.method.toUpperCase(),
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    const answer = {
      status: response.status,
      text,
      violations: JSON.parse(response.headers.get('sl-violations') ?? '[]'),
      handled: await prism.handling(mark, url.pathname, response.status),
    };
    return { ...named, ms: Date.now() - started, ...judge(row, answer) };
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    const why = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return {
      ...named,
      result: 'failed',
      ms: Date.now() - started,
      detail: timedOut ? `no answer within ${timeoutMs / 1000} s (--timeout)` : `no answer: ${why}`,
    };
  }
}

/** Every row, one after another, each reported as soon as it is judged. */
export async function checkAll(rows: Planned[], args: CheckArgs): Promise<Result[]> {
  const results: Result[] = [];
  for (const row of rows) {
    const result = row.skipped
      ? { operation: row.operation, request: row.request, result: 'skipped' as const, detail: row.skipped }
      : await check(row, args);
    results.push(result);
    args.onResult(result);
  }
  return results;
}
