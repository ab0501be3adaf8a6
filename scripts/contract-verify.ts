// Checks a live backend against openapi.yaml, for backend teams and CI.
//
// In the portal's repository:
//   npm run contract:verify -- --target https://backend.example --token TOKEN [--junit report.xml]
// Anywhere with Node 24 (and the npx that comes with it), this file and openapi.yaml in one folder:
//   node contract-verify.ts --target https://backend.example --token TOKEN [--junit report.xml]
//
// It starts its own Prism as a validating proxy in front of the target (`prism proxy`, on a port
// the system gives it, trusted only once that Prism says it listens there), sends one request per
// operation, each with a timeout, and prints each row as it finishes: passed, failed with the
// backend's own status and the exact violations, or skipped with why. Read-only by default:
// every GET runs; an operation that changes the account runs only when named with --run, with
// the data the team gives (--help lists them). Exit 1 on any failure or when nothing was
// checked, 2 when it could not run.
//
// This file imports nothing but Node's own modules, so it runs on its own. Prism and the YAML
// parser come from a node_modules folder that has both (the portal's, beside the file or in
// the working folder); otherwise from npx, at the exact versions pinned below, which npm
// fetches once into its cache.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { posix, win32 } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** What npx runs; the same versions as the portal's package.json (a test holds them together). */
export const PRISM_PACKAGE = '@stoplight/prism-cli@5.16.0';
export const YAML_PACKAGE = 'yaml@2.9.1';

const path = process.platform === 'win32' ? win32 : posix;
const USAGE =
  'usage: node contract-verify.ts --target URL [--token TOKEN] [--timeout 10] [--junit FILE] [--json] [--run OPERATION --DATA VALUE ...]\n' +
  '   or, in the portal repository: npm run contract:verify -- --target URL ...   (--help lists what --run can change)';

// The contract as parsed YAML, walked by name and by $ref.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = any;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

interface Result {
  operation: string;
  request: string;
  result: 'passed' | 'failed' | 'skipped';
  /** The backend's own status; none when it did not answer. */
  status?: number;
  /** How long the answer took. */
  ms?: number;
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

/** What a team passes for the operations that change an account: one flag each. */
const DATA_FLAGS = {
  phone: 'a phone of your own test account, E.164 (in examples, a number kept for fiction: +61491570006)',
  email: 'an email address you own',
  'factor-id': 'the id of a factor of the test account (from getFactors)',
  'idp-id': 'the id of an identity provider entry (from getLinkedIdentities)',
  'external-id': 'the external account id the backend found for this sign-in',
  'pass-code': 'a one-time code from the factor',
  secret: 'the TOTP secret that getCustomTotpSecret gave',
  password: 'the test account’s current password',
  'new-password': 'the new password',
  code: 'an authorization code from the provider',
} as const;
type DataFlag = keyof typeof DATA_FLAGS;
type Data = Partial<Record<DataFlag, string>>;

interface Mutation {
  /** What running it does to the account behind the token, for docs/contract.md and --help. */
  changes: string;
  needs: DataFlag[];
  /** The path parameters and the body, from the contract's example and the team's data. */
  fill?: (data: Data, body: Node) => { params?: Record<string, string>; body?: unknown };
}

/**
 * Every operation that is not a GET, what it changes and the data it needs. None of them runs
 * unless it is named with --run, one by one; the contract's example values (ids, numbers,
 * addresses) are never sent to a backend in their place.
 */
export const MUTATIONS: Record<string, Mutation> = {
  updateRecoveryEmail: {
    changes: 'sets the recovery email to --email',
    needs: ['email'],
    fill: (d) => ({ body: { secondaryEmail: d.email } }),
  },
  linkIdentity: {
    changes: 'links the external account --external-id at provider entry --idp-id',
    needs: ['idp-id', 'external-id'],
    fill: (d) => ({ params: { idpId: d['idp-id']! }, body: { externalId: d['external-id'] } }),
  },
  unlinkIdentity: {
    changes: 'unlinks the identity at provider entry --idp-id',
    needs: ['idp-id'],
    fill: (d) => ({ params: { idpId: d['idp-id']! } }),
  },
  enrollFactor: {
    changes: 'starts enrolling Google Authenticator (a pending factor until activated)',
    needs: [],
  },
  enrollPhoneFactor: {
    changes: 'starts enrolling SMS to --phone: the backend sends a text message to that number',
    needs: ['phone'],
    fill: (d) => ({ body: { factorType: 'sms', provider: 'OKTA', phoneNumber: d.phone } }),
  },
  enrollEmailFactor: {
    changes: 'starts enrolling email to --email: the backend sends a code there',
    needs: ['email'],
    fill: (d, body) => ({ body: { ...body, email: d.email } }),
  },
  enrollCustomTotp: {
    changes: 'enrolls the university authenticator with --secret, proved by --pass-code',
    needs: ['secret', 'pass-code'],
    fill: (d, body) => ({ body: { ...body, secret: d.secret, passCode: d['pass-code'], timestamp: Date.now() } }),
  },
  resetFactor: {
    changes: 'removes the factor --factor-id',
    needs: ['factor-id'],
    fill: (d) => ({ params: { factorId: d['factor-id']! } }),
  },
  activateFactor: {
    changes: 'activates the pending factor --factor-id with --pass-code',
    needs: ['factor-id', 'pass-code'],
    fill: (d) => ({ params: { factorId: d['factor-id']! }, body: { passCode: d['pass-code'] } }),
  },
  pollFactorActivation: {
    changes: 'nothing by itself: asks whether the push factor --factor-id is active yet',
    needs: ['factor-id'],
    fill: (d) => ({ params: { factorId: d['factor-id']! } }),
  },
  changePassword: {
    changes: 'CHANGES THE PASSWORD from --password to --new-password',
    needs: ['password', 'new-password'],
    fill: (d) => ({ body: { password: d.password, newPassword: d['new-password'], confirmPassword: d['new-password'] } }),
  },
  endSessions: {
    changes: 'ENDS EVERY SESSION of the user and revokes every refresh token, the one behind --token included',
    needs: [],
  },
  exchangeSocialCode: {
    changes: 'redeems the iAM Smart authorization code --code (single use)',
    needs: ['code'],
    fill: (d) => ({ params: { provider: 'iamsmart' }, body: { code: d.code } }),
  },
  getIamSmartTokenizedId: {
    changes: 'redeems the iAM Smart authorization code --code (single use)',
    needs: ['code'],
    fill: (d, body) => ({ body: { ...body, code: d.code } }),
  },
};

interface Plan {
  /** Path parameters and body to use instead of the contract's examples. */
  params?: Record<string, string>;
  body?: unknown;
}

/** One request per operation, filled from the contract's own examples and what the team gave. */
function requestWith(spec: Node, path: string, op: Node, plan: Plan) {
  const request = requestFor(spec, path, op);
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  let url = path;
  for (const [name, value] of Object.entries(plan.params ?? {})) url = url.replace(`{${name}}`, encodeURIComponent(value));
  return { ...request, url: plan.params ? url + query : request.url, body: plan.body === undefined ? request.body : plan.body };
}

/** A port no one holds right now, from the system. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once this very Prism says it listens on this port (its own log line: if another
 * server held the port, Prism could not bind it and stops instead). Rejects when Prism (or npx)
 * stops first, or after the timeout.
 */
function waitForPrism(port: number, child: ChildProcess, timeoutMs: number, log: () => string): Promise<void> {
  const ready = `Prism is listening on http://127.0.0.1:${port}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start on port ${port} within ${timeoutMs / 1000} s`)), timeoutMs);
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    const onData = () => {
      if (log().includes(ready)) done();
    };
    const onExit = (code: number | null, signal: string | null) =>
      done(new Error(`Prism stopped before it listened on port ${port} (exit ${code ?? signal})`));
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
    child.once('error', (error) => done(new Error(`could not start Prism: ${error.message}`)));
  });
}

/** A violation's location and message with array positions left out, so repeats fall together. */
const generic = (text: string) => text.replace(/(?<=\.)\d+(?=\.|\s|$)/g, '*');

/**
 * The violations of one answer, repeats said once: the same message at every item of an array
 * (`factors.*.status`), or the same rule for several names (`required property 'a', 'b'`).
 */
export function groupViolations(violations: { location: string[]; message: string }[]): string[] {
  const groups = new Map<string, { texts: string[]; names: string[] }>();
  for (const v of violations) {
    const text = `${v.location.join('.')}: ${v.message}`;
    const key = generic(text).replace(/'[^']*'/g, "'…'");
    const group = groups.get(key) ?? { texts: [], names: [] };
    group.texts.push(text);
    group.names.push(...[...v.message.matchAll(/'[^']*'/g)].map((m) => m[0]));
    groups.set(key, group);
  }
  return [...groups].map(([key, { texts, names }]) => {
    if (texts.length === 1) return texts[0]!;
    const distinct = [...new Set(names)];
    const listed = distinct.slice(0, 8).join(', ') + (distinct.length > 8 ? ` and ${distinct.length - 8} more` : '');
    return `${distinct.length > 1 ? key.replace("'…'", listed) : generic(texts[0]!)} (×${texts.length})`;
  });
}

/** An answer Prism wrote itself (it could not reach the backend, or failed), not the backend's. */
function prismOwnError(contentType: string | null, text: string): string | undefined {
  if (!contentType?.startsWith('application/problem+json')) return undefined;
  try {
    const problem = JSON.parse(text);
    const type = String(problem.type ?? '');
    if (type === 'FetchError' || type.startsWith('https://stoplight.io/prism/errors#')) return String(problem.title ?? type);
  } catch {
    // not Prism's
  }
  return undefined;
}

interface CheckArgs {
  port: number;
  token: string;
  timeoutMs: number;
  run: Set<string>;
  data: Data;
  onResult: (result: Result) => void;
}

/** Sends every operation through the proxy, one after another, and judges each answer. */
async function checkOperations(spec: Node, args: CheckArgs): Promise<Result[]> {
  const results: Result[] = [];
  const add = (result: Result) => {
    results.push(result);
    args.onResult(result);
  };
  for (const [path, item] of Object.entries<Node>(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operation = String(op.operationId);
      const row = { operation, request: `${method.toUpperCase()} ${path}` };
      if (op.servers) {
        add({ ...row, result: 'skipped', detail: `served by ${op.servers[0].url}, not the backend` });
        continue;
      }
      let plan: Plan = {};
      if (method !== 'get') {
        if (!args.run.has(operation)) {
          add({ ...row, result: 'skipped', detail: `changes the account: run it with --run ${operation}` });
          continue;
        }
        const body = exampleOf(spec, op.requestBody?.content?.['application/json']);
        plan = MUTATIONS[operation]?.fill?.(args.data, body) ?? {};
      }
      const request = requestWith(spec, path, op, plan);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (request.secured && args.token) headers.Authorization = `Bearer ${args.token}`;
      if (request.body !== undefined) headers['Content-Type'] = 'application/json';
      const started = Date.now();
      try {
        const response = await fetch(`http://127.0.0.1:${args.port}${request.url}`, {
          method: method.toUpperCase(),
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: AbortSignal.timeout(args.timeoutMs),
        });
        const text = await response.text();
        const ms = Date.now() - started;
        const prismError = prismOwnError(response.headers.get('content-type'), text);
        const violations: { location: string[]; message: string; severity?: string }[] = JSON.parse(response.headers.get('sl-violations') ?? '[]');
        const declared = Object.keys(op.responses ?? {});
        const status = response.status;
        if (prismError) {
          add({ ...row, result: 'failed', ms, detail: `no answer from the backend (Prism: ${prismError})` });
        } else if (!declared.includes(String(status)) && !declared.includes('default')) {
          add({ ...row, result: 'failed', status, ms, detail: `status ${status} is not declared (${declared.join(', ')}): ${text.slice(0, 200)}` });
        } else if (violations.length > 0) {
          add({ ...row, result: 'failed', status, ms, detail: groupViolations(violations).join('; ') });
        } else if (status >= 400) {
          add({ ...row, result: 'failed', status, ms, detail: `answered ${status}: ${text.slice(0, 200)}` });
        } else {
          add({ ...row, result: 'passed', status, ms, detail: '' });
        }
      } catch (error) {
        const ms = Date.now() - started;
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        add({
          ...row,
          result: 'failed',
          ms,
          detail: timedOut
            ? `no answer within ${args.timeoutMs / 1000} s (--timeout)`
            : `no answer: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error}`,
        });
      }
    }
  }
  return results;
}

/** Fixed columns, so each row prints as soon as its operation has an answer. */
function tableWriter(spec: Node, write: (line: string) => void) {
  const names: string[] = [];
  const requests: string[] = [];
  for (const [path, item] of Object.entries<Node>(spec.paths))
    for (const method of METHODS)
      if (item[method]) {
        names.push(String(item[method].operationId));
        requests.push(`${method.toUpperCase()} ${path}`);
      }
  const widths = [Math.max(9, ...names.map((n) => n.length)), Math.max(7, ...requests.map((r) => r.length)), 7, 6, 6];
  const line = (cells: string[], detail: string) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ') + (detail ? `  ${detail}` : '');
  return {
    header: () => write(line(['operation', 'request', 'result', 'status', 'time'], '')),
    row: (r: Result) =>
      write(
        line([r.operation, r.request, r.result, r.status === undefined ? '-' : String(r.status), r.ms === undefined ? '' : `${r.ms} ms`], r.detail),
      ),
  };
}

/** The same problem on several operations, said once (a missing token, a wrong content type...). */
export function groupAcross(results: Result[]): string[] {
  const byProblem = new Map<string, string[]>();
  for (const r of results.filter((x) => x.result === 'failed')) {
    for (const part of r.detail.split('; ')) {
      const key = generic(part)
        .replace(/^answered (\d+): .*/, 'answered $1')
        .replace(/request to \S+ failed/, 'request to … failed');
      byProblem.set(key, [...(byProblem.get(key) ?? []), r.operation]);
    }
  }
  return [...byProblem]
    .filter(([, ops]) => ops.length > 1)
    .sort((a, b) => b[1].length - a[1].length)
    .map(([problem, ops]) => `${ops.length} operations: ${problem}\n    ${ops.join(', ')}`);
}

/** Text for an XML attribute or element: escaped, without the control characters XML 1.0 forbids. */
const xml = (text: string) =>
  [...text]
    .filter((c) => c >= ' ' || c === '\n' || c === '\t' || c === '\r')
    .join('')
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** A JUnit report: one test case per operation, as CI systems read them. */
export function junitReport(results: Result[], target: string): string {
  const count = (result: Result['result']) => results.filter((r) => r.result === result).length;
  const seconds = (ms = 0) => (ms / 1000).toFixed(3);
  const total = results.reduce((sum, r) => sum + (r.ms ?? 0), 0);
  const cases = results.map((r) => {
    const open = `    <testcase classname="contract-verify" name="${xml(`${r.operation} (${r.request})`)}" time="${seconds(r.ms)}"`;
    if (r.result === 'passed') return `${open}/>`;
    if (r.result === 'skipped') return `${open}>\n      <skipped message="${xml(r.detail)}"/>\n    </testcase>`;
    const status = r.status === undefined ? 'no status' : `status ${r.status}`;
    return `${open}>\n      <failure message="${xml(`${status}: ${r.detail}`.slice(0, 500))}">${xml(`${r.request}\n${status}\n${r.detail}`)}</failure>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract:verify" tests="${results.length}" failures="${count('failed')}" skipped="${count('skipped')}" time="${seconds(total)}">`,
    `  <testsuite name="${xml(`contract:verify against ${target}`)}" tests="${results.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(total)}" timestamp="${new Date().toISOString().slice(0, 19)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

type Args = Record<string, string | string[] | boolean | undefined>;

/** What the command line asks for, checked; or the exit code when it asks for nothing to run. */
interface Options {
  args: Args;
  target: string;
  timeoutSeconds: number;
  data: Data;
  run: Set<string>;
}

function parseCommandLine(): Args | number {
  try {
    return parseArgs({
      options: {
        target: { type: 'string' },
        token: { type: 'string', default: '' },
        run: { type: 'string', multiple: true, default: [] },
        timeout: { type: 'string', default: '10' },
        port: { type: 'string' },
        json: { type: 'boolean', default: false },
        junit: { type: 'string' },
        contract: { type: 'string' },
        mutating: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...Object.fromEntries(Object.keys(DATA_FLAGS).map((flag) => [flag, { type: 'string' as const }])),
      },
    }).values as Args;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    return 2;
  }
}

/** Each --run names an operation that changes an account, with the data it needs; else the complaint. */
function runProblem(run: Set<string>, data: Data): string | undefined {
  for (const operation of run) {
    const mutation = MUTATIONS[operation];
    if (!mutation) {
      return `contract:verify: --run ${operation}: not an operation that changes an account; those are ${Object.keys(MUTATIONS).join(', ')} (every GET always runs)`;
    }
    const missing = mutation.needs.filter((flag) => !data[flag]);
    if (missing.length) {
      return `contract:verify: --run ${operation} needs ${missing.map((flag) => `--${flag} (${DATA_FLAGS[flag]})`).join(' and ')}`;
    }
  }
  return undefined;
}

function readOptions(): Options | number {
  const args = parseCommandLine();
  if (typeof args === 'number') return args;
  if (args.help) {
    console.log(`${USAGE}\n\n${HELP}`);
    return 0;
  }
  if (args.mutating) {
    console.error('contract:verify: --mutating is gone: it would change a real account. Name each operation with --run (see --help).');
    return 2;
  }
  const target = args.target as string | undefined;
  if (!target) {
    console.error(USAGE);
    return 2;
  }
  const timeoutSeconds = Number(args.timeout);
  if (!(timeoutSeconds > 0)) {
    console.error(`contract:verify: --timeout is in seconds, more than 0, not '${args.timeout}'`);
    return 2;
  }
  const data: Data = Object.fromEntries(Object.keys(DATA_FLAGS).flatMap((flag) => (typeof args[flag] === 'string' ? [[flag, args[flag]]] : [])));
  const run = new Set(args.run as string[]);
  const problem = runProblem(run, data);
  if (problem) {
    console.error(problem);
    return 2;
  }
  return { args, target, timeoutSeconds, data, run };
}

/** The contract file, the tools to check against it, and the contract parsed; or exit code 2. */
async function loadContract(named: string | undefined): Promise<{ contract: string; tools: Tools; spec: Node } | number> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Downloaded beside this file, or the portal's own (this file is in scripts/).
  const contract = path.resolve(
    named ?? [path.join(here, 'openapi.yaml'), path.join(here, '..', 'openapi.yaml')].find((file) => existsSync(file)) ?? 'openapi.yaml',
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
  try {
    return { contract, tools, spec: await readContract(contract, tools.yaml) };
  } catch (error) {
    console.error(`contract:verify: ${error instanceof Error ? error.message : error}`);
    return 2;
  }
}

/** Prism as a validating proxy in front of the target, stopped when this process exits. */
function startPrism(tools: Tools, contract: string, target: string, port: number) {
  // Without --errors, Prism passes the backend's own status and body on and lists what breaks
  // the contract in its sl-violations header.
  // Its own process group (except on Windows), so stopping it also stops the Prism that npx starts.
  const detached = process.platform !== 'win32';
  const prism = spawn(tools.prism[0]!, [...tools.prism.slice(1), 'proxy', contract, target, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: path.dirname(contract),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
    env: toolEnv,
  });
  let log = '';
  prism.stdout?.on('data', (chunk) => (log += chunk));
  prism.stderr?.on('data', (chunk) => (log += chunk));
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
  return { prism, log: () => log, stop };
}

/** The summary after the table, and the exit code: 1 on any failure or when nothing was checked. */
function report(results: Result[], { args, target }: Options, out: (line: string) => void): number {
  if (args.json) console.log(JSON.stringify(results, null, 2));
  const grouped = groupAcross(results);
  if (grouped.length) out(`\nThe same problem on several operations:\n${grouped.map((g) => `  ${g}`).join('\n')}`);
  if (typeof args.junit === 'string') {
    writeFileSync(path.resolve(args.junit), junitReport(results, target));
    out(`\nJUnit report: ${path.resolve(args.junit)}`);
  }
  const count = (result: Result['result']) => results.filter((r) => r.result === result).length;
  out(`\ncontract:verify against ${target}: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped')} skipped`);
  if (count('passed') + count('failed') === 0) {
    out('contract:verify: no operation was checked, so nothing is proved');
    return 1;
  }
  return count('failed') > 0 ? 1 : 0;
}

async function main(): Promise<number> {
  const options = readOptions();
  if (typeof options === 'number') return options;
  const { args, target, timeoutSeconds, run, data } = options;
  const loaded = await loadContract(args.contract as string | undefined);
  if (typeof loaded === 'number') return loaded;
  const { contract, tools, spec } = loaded;

  // A port of its own: the one asked for, else one the system says is free.
  const port = args.port === undefined ? await freePort() : Number(args.port);
  const prism = startPrism(tools, contract, target, port);
  const out = (line: string) => (args.json ? console.error(line) : console.log(line));
  const table = tableWriter(spec, out);
  let results: Result[];
  try {
    await waitForPrism(port, prism.prism, tools.npx ? 180_000 : 30_000, prism.log);
    out(`contract:verify against ${target} (Prism on 127.0.0.1:${port}, ${timeoutSeconds} s a request)\n`);
    table.header();
    results = await checkOperations(spec, { port, token: String(args.token), timeoutMs: timeoutSeconds * 1000, run, data, onResult: table.row });
  } catch (error) {
    const log = prism
      .log()
      .split('\n')
      .filter((line) => !/\binfo\b/.test(line))
      .join('\n')
      .trim();
    console.error(`contract:verify: ${error instanceof Error ? error.message : error}\n${log}`);
    return 2;
  } finally {
    prism.stop();
  }
  return report(results, options, out);
}

const HELP = [
  'Every GET runs. An operation that changes the account behind --token runs only when named with',
  '--run, once per operation, with the data it needs; nothing else is ever sent in its place:',
  ...Object.entries(MUTATIONS).map(
    ([name, m]) => `  --run ${name.padEnd(22)} ${m.changes}${m.needs.length ? ` (needs ${m.needs.map((f) => `--${f}`).join(', ')})` : ''}`,
  ),
  '',
  'Other options: --timeout SECONDS (10; each request), --junit FILE, --json, --port N (where Prism',
  'listens; a free port by default), --contract FILE.',
].join('\n');

if (import.meta.main) process.exitCode = await main();
