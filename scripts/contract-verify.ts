// Checks a live backend against openapi.yaml, for backend teams and CI.
//
//   npm run contract:verify -- --target https://backend.example --token TOKEN [--mutating]
//
// It starts Prism as a validating proxy in front of the target (`prism proxy --errors`), sends
// one request per operation (every GET; POST and DELETE only with --mutating), and prints a
// table: passed, failed with the exact violation, or skipped with why. Exit 1 on any failure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    target: { type: 'string' },
    token: { type: 'string', default: '' },
    mutating: { type: 'boolean', default: false },
    port: { type: 'string', default: '4320' },
    json: { type: 'boolean', default: false },
  },
});
if (!args.target) {
  console.error('usage: npm run contract:verify -- --target URL [--token TOKEN] [--mutating] [--port 4320] [--json]');
  process.exit(2);
}

// The contract as parsed YAML, walked by name and by $ref.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const spec: Node = parse(readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8'));
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Result {
  operation: string;
  request: string;
  result: 'passed' | 'failed' | 'skipped';
  status?: number;
  detail: string;
}

function exampleOf(thing: Node): unknown {
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

/** One request per operation, filled from the contract's own examples. */
function requestFor(path: string, op: Node): { url: string; body: unknown; secured: boolean } {
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
    const value = exampleOf(param);
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(value ?? 'contract-check')));
    if (param.in === 'query' && (param.required || param.schema?.default !== undefined) && value !== undefined) {
      // A paging token from the mock's examples means nothing to a real backend: ask for the first page.
      if (param.name !== 'afterToken') query.set(param.name, String(value));
    }
  }
  const body = exampleOf(op.requestBody?.content?.['application/json']);
  const secured = (op.security ?? spec.security ?? []).length > 0;
  return { url: `${url}${query.size ? `?${query}` : ''}`, body, secured };
}

function waitForPort(port: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host: '127.0.0.1', port: Number(port) }, () => {
        socket.end();
        resolve();
      });
      socket.on('error', () => {
        if (Date.now() - started > timeoutMs) reject(new Error(`Prism did not start on port ${port}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

const prism = spawn(
  fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url)),
  ['proxy', 'openapi.yaml', args.target, '--errors', '--host', '127.0.0.1', '--port', args.port],
  { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
);
let prismErrors = '';
prism.stderr.on('data', (chunk) => (prismErrors += chunk));

const results: Result[] = [];
try {
  await waitForPort(args.port);
  for (const [path, item] of Object.entries<Node>(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const row = { operation: String(op.operationId), request: `${method.toUpperCase()} ${path}` };
      if (op.servers) {
        results.push({ ...row, result: 'skipped', detail: `served by ${op.servers[0].url}, not the backend` });
        continue;
      }
      if (method !== 'get' && !args.mutating) {
        results.push({ ...row, result: 'skipped', detail: 'changes data: run with --mutating' });
        continue;
      }
      const request = requestFor(path, op);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (request.secured && args.token) headers.Authorization = `Bearer ${args.token}`;
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      try {
        const response = await fetch(`http://127.0.0.1:${args.port}${request.url}`, {
          method: method.toUpperCase(),
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
        const text = await response.text();
        const violations: { location: string[]; message: string }[] = JSON.parse(response.headers.get('sl-violations') ?? '[]');
        const declared = Object.keys(op.responses ?? {});
        if (violations.length > 0) {
          const detail = violations.map((v) => `${v.location.join('.')}: ${v.message}`).join('; ');
          results.push({ ...row, result: 'failed', status: response.status, detail });
        } else if (!declared.includes(String(response.status)) && !declared.includes('default')) {
          results.push({
            ...row,
            result: 'failed',
            status: response.status,
            detail: `status ${response.status} is not declared (${declared.join(', ')})`,
          });
        } else if (response.status >= 400) {
          results.push({ ...row, result: 'failed', status: response.status, detail: `answered ${response.status}: ${text.slice(0, 200)}` });
        } else {
          results.push({ ...row, result: 'passed', status: response.status, detail: '' });
        }
      } catch (error) {
        results.push({ ...row, result: 'failed', detail: `no answer: ${error instanceof Error ? error.message : error}` });
      }
    }
  }
} catch (error) {
  console.error(`contract:verify: ${error instanceof Error ? error.message : error}\n${prismErrors}`);
  prism.kill();
  process.exit(2);
}
prism.kill();

if (args.json) {
  console.log(JSON.stringify(results, null, 2));
} else {
  const columns = ['operation', 'request', 'result', 'status'] as const;
  type Cells = Partial<Record<(typeof columns)[number] | 'detail', string | number>>;
  const width = (key: (typeof columns)[number]) => Math.max(key.length, ...results.map((r) => String(r[key] ?? '').length));
  const line = (r: Cells) => columns.map((c) => String(r[c] ?? '').padEnd(width(c))).join('  ') + (r.detail ? `  ${r.detail}` : '');
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  for (const r of results) console.log(line(r));
}
const count = (result: Result['result']) => results.filter((r) => r.result === result).length;
console.log(`\ncontract:verify against ${args.target}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
process.exit(count('failed') > 0 ? 1 : 0);
