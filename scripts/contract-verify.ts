// Checks a live backend against openapi.yaml, for backend teams and CI.
//
// In the portal's repository:
//   npm run contract:verify -- --target https://backend.example --token TOKEN [--mutating] [--json]
// Anywhere with Node 24 (and the npx that comes with it), this file and openapi.yaml in one folder:
//   node contract-verify.ts --target https://backend.example --token TOKEN [--mutating] [--json]
//
// It starts Prism as a validating proxy in front of the target (`prism proxy --errors`), sends
// one request per operation (every GET; POST and DELETE only with --mutating), and prints a
// table: passed, failed with the exact violation, or skipped with why. Exit 1 on any failure,
// 2 when it could not run.
//
// This file imports nothing but Node's own modules, so it runs on its own. Prism and the YAML
// parser come from a node_modules folder that has both (the portal's, beside the file or in
// the working folder); otherwise from npx, at the exact versions pinned below, which npm
// fetches once into its cache.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** What npx runs; the same versions as the portal's package.json (a test holds them together). */
export const PRISM_PACKAGE = '@stoplight/prism-cli@5.16.0';
export const YAML_PACKAGE = 'yaml@2.9.1';

const path = process.platform === 'win32' ? win32 : posix;
const USAGE =
  'usage: node contract-verify.ts --target URL [--token TOKEN] [--mutating] [--json] [--port 4320] [--contract openapi.yaml]\n' +
  '   or, in the portal repository: npm run contract:verify -- --target URL ...';

// The contract as parsed YAML, walked by name and by $ref.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Result {
  operation: string;
  request: string;
  result: 'passed' | 'failed' | 'skipped';
  status?: number;
  detail: string;
}

/** How to start the two tools: each a command and its first arguments. */
interface Tools {
  prism: string[];
  yaml: string[];
  /** Where they come from, for the first line of the output. */
  source: string;
  /** Whether npx starts them (slower: it checks its cache first). */
  npx: boolean;
}

/**
 * npx, started without a shell: the npx on PATH, else the one npm installs beside node (on
 * Windows, where the npx on PATH is a .cmd file that only a shell runs, always that one).
 */
export function npxCommand({
  platform,
  execPath,
  pathEnv,
  isFile,
}: {
  platform: string;
  execPath: string;
  pathEnv: string | undefined;
  isFile: (file: string) => boolean;
}): string[] | undefined {
  const { join, dirname, delimiter } = platform === 'win32' ? win32 : posix;
  if (platform !== 'win32') {
    const onPath = (pathEnv ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'npx'))
      .find(isFile);
    if (onPath) return [onPath];
  }
  const home = dirname(execPath);
  // Windows keeps npm beside node.exe; elsewhere it is in <prefix>/lib/node_modules.
  const cli = [join(home, 'node_modules', 'npm', 'bin', 'npx-cli.js'), join(home, '..', 'lib', 'node_modules', 'npm', 'bin', 'npx-cli.js')].find(
    isFile,
  );
  return cli ? [execPath, cli] : undefined;
}

/**
 * Prism and the YAML parser through npx, at the pinned versions. Both calls name the same two
 * packages, so npm installs them once, into one folder of its cache, and reuses it offline.
 */
export function npxTools(npx: string[]): Tools {
  const run = (bin: string) => [...npx, '--yes', `--package=${PRISM_PACKAGE}`, `--package=${YAML_PACKAGE}`, '--', bin];
  return {
    prism: run('prism'),
    yaml: run('yaml'),
    source: `Prism (${PRISM_PACKAGE}) and the YAML parser (${YAML_PACKAGE}) through npx; npm fetches them into its cache on the first run`,
    npx: true,
  };
}

/** A package's command from `folder`/node_modules: node and the package's own script, so no shell on any platform. */
function installedBin(folder: string, name: string, bin: string): { command: string[]; version: string } | undefined {
  const dir = path.join(folder, 'node_modules', name);
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const script: unknown = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
    return typeof script === 'string' ? { command: [process.execPath, path.join(dir, script)], version: String(manifest.version) } : undefined;
  } catch {
    return undefined;
  }
}

/** The installed tools of the first folder that has both, else npx. */
function findTools(folders: string[]): Tools | { error: string } {
  for (const folder of new Set(folders)) {
    const prism = installedBin(folder, '@stoplight/prism-cli', 'prism');
    const yaml = installedBin(folder, 'yaml', 'yaml');
    if (prism && yaml)
      return {
        prism: prism.command,
        yaml: yaml.command,
        source: `Prism ${prism.version} and yaml ${yaml.version} from ${path.join(folder, 'node_modules')}`,
        npx: false,
      };
  }
  const isFile = (file: string) => {
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const npx = npxCommand({ platform: process.platform, execPath: process.execPath, pathEnv: process.env.PATH, isFile });
  return npx ? npxTools(npx) : { error: 'found neither Prism in a node_modules folder nor npx (it comes with Node: https://nodejs.org)' };
}

// Prism depends on @scarf/scarf, which reports installs to its vendor unless told not to.
const toolEnv = { ...process.env, SCARF_ANALYTICS: 'false' };

/** The contract, parsed by the yaml package's own command line (the parser the portal's tools use). */
function readContract(file: string, yaml: string[]): Promise<Node> {
  const input = openSync(file, 'r');
  const child = spawn(yaml[0]!, [...yaml.slice(1), '--json', '--single', '--strict'], { stdio: [input, 'pipe', 'pipe'], env: toolEnv });
  closeSync(input);
  let out = '';
  let errors = '';
  child.stdout?.on('data', (chunk) => (out += chunk));
  child.stderr?.on('data', (chunk) => (errors += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      // The parser's message, without the line of its own code that threw it or its stack.
      const start = errors.search(/^\w*Error\b/m);
      const why = errors
        .slice(Math.max(start, 0))
        .split(/\n\s+at /)[0]!
        .trim();
      if (code !== 0) return reject(new Error(`cannot read ${file} as YAML: ${why || `exit ${code}`}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`cannot read ${file} as YAML: ${why || 'no output'}`));
      }
    });
  });
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

/** One request per operation, filled from the contract's own examples. */
function requestFor(spec: Node, path: string, op: Node): { url: string; body: unknown; secured: boolean } {
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
    const value = exampleOf(spec, param);
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(String(value ?? 'contract-check')));
    if (param.in === 'query' && (param.required || param.schema?.default !== undefined) && value !== undefined) {
      // A paging token from the mock's examples means nothing to a real backend: ask for the first page.
      if (param.name !== 'afterToken') query.set(param.name, String(value));
    }
  }
  const body = exampleOf(spec, op.requestBody?.content?.['application/json']);
  const secured = (op.security ?? spec.security ?? []).length > 0;
  return { url: `${url}${query.size ? `?${query}` : ''}`, body, secured };
}

/** Resolves once something listens on the port; rejects when Prism (or npx) stops first, or after the timeout. */
function waitForPort(port: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let exited = false;
    child.once('exit', (code, signal) => {
      exited = true;
      reject(new Error(`Prism stopped before it listened (exit ${code ?? signal})`));
    });
    child.once('error', (error) => {
      exited = true;
      reject(new Error(`could not start Prism: ${error.message}`));
    });
    const attempt = () => {
      if (exited) return;
      const socket = createConnection({ host: '127.0.0.1', port: Number(port) }, () => {
        socket.end();
        resolve();
      });
      socket.on('error', () => {
        if (Date.now() - started > timeoutMs) reject(new Error(`Prism did not start on port ${port} within ${timeoutMs / 1000} s`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

/** Sends every operation through the proxy and judges the answers as today's table shows them. */
async function checkOperations(spec: Node, args: { port: string; mutating: boolean; token: string }): Promise<Result[]> {
  const results: Result[] = [];
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
      const request = requestFor(spec, path, op);
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
  return results;
}

function printTable(results: Result[]) {
  const columns = ['operation', 'request', 'result', 'status'] as const;
  type Cells = Partial<Record<(typeof columns)[number] | 'detail', string | number>>;
  const width = (key: (typeof columns)[number]) => Math.max(key.length, ...results.map((r) => String(r[key] ?? '').length));
  const line = (r: Cells) => columns.map((c) => String(r[c] ?? '').padEnd(width(c))).join('  ') + (r.detail ? `  ${r.detail}` : '');
  console.log(line(Object.fromEntries(columns.map((c) => [c, c]))));
  for (const r of results) console.log(line(r));
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        target: { type: 'string' },
        token: { type: 'string', default: '' },
        mutating: { type: 'boolean', default: false },
        port: { type: 'string', default: '4320' },
        json: { type: 'boolean', default: false },
        contract: { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
  if (!args.target) {
    console.error(USAGE);
    return 2;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Downloaded beside this file, or the portal's own (this file is in scripts/).
  const contract = path.resolve(
    args.contract ?? [path.join(here, 'openapi.yaml'), path.join(here, '..', 'openapi.yaml')].find((file) => existsSync(file)) ?? 'openapi.yaml',
  );
  if (!existsSync(contract)) {
    console.error(`contract:verify: no contract at ${contract}: put openapi.yaml beside this file, or name it with --contract\n${USAGE}`);
    return 2;
  }
  const tools = findTools([here, path.join(here, '..'), process.cwd()]);
  if ('error' in tools) {
    console.error(`contract:verify: ${tools.error}`);
    return 2;
  }
  // On stderr, so --json output stays JSON.
  console.error(`contract:verify: ${tools.source}`);

  let spec: Node;
  try {
    spec = await readContract(contract, tools.yaml);
  } catch (error) {
    console.error(`contract:verify: ${error instanceof Error ? error.message : error}`);
    return 2;
  }

  // Its own process group (except on Windows), so stopping it also stops the Prism that npx starts.
  const detached = process.platform !== 'win32';
  const prism = spawn(
    tools.prism[0]!,
    [...tools.prism.slice(1), 'proxy', contract, args.target, '--errors', '--host', '127.0.0.1', '--port', args.port],
    { cwd: path.dirname(contract), stdio: ['ignore', 'ignore', 'pipe'], detached, env: toolEnv },
  );
  let prismErrors = '';
  prism.stderr?.on('data', (chunk) => (prismErrors += chunk));
  const stop = () => {
    if (prism.exitCode !== null || prism.signalCode !== null || prism.pid === undefined) return;
    try {
      if (detached) process.kill(-prism.pid, 'SIGTERM');
      else prism.kill();
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

  let results: Result[];
  try {
    await waitForPort(args.port, prism, tools.npx ? 60_000 : 20_000);
    results = await checkOperations(spec, { port: args.port, mutating: args.mutating, token: args.token });
  } catch (error) {
    console.error(`contract:verify: ${error instanceof Error ? error.message : error}\n${prismErrors}`);
    return 2;
  } finally {
    stop();
  }

  if (args.json) console.log(JSON.stringify(results, null, 2));
  else printTable(results);
  const count = (result: Result['result']) => results.filter((r) => r.result === result).length;
  // With --json the summary goes to stderr, so stdout is one JSON document.
  (args.json ? console.error : console.log)(
    `\ncontract:verify against ${args.target}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`,
  );
  return count('failed') > 0 ? 1 : 0;
}

if (import.meta.main) process.exitCode = await main();
