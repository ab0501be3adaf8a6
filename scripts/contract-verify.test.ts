// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupViolations, MUTATIONS, npxCommand, npxTools, PRISM_PACKAGE, YAML_PACKAGE } from './contract-verify.ts';

// The port the verifier used to take by default: a server there must not be mistaken for Prism.
const OLD_DEFAULT_PORT = 4320;
const children: ChildProcess[] = [];
const servers: Server[] = [];
const folders: string[] = [];
let mock: string;
let broken: string;
let hanging: string;
let recording: string;
const recorded: string[] = [];

/** A throwaway HTTP server on a port the system gives, or on `port`. */
async function serve(handler: (path: string, res: ServerResponse, method: string) => void, port = 0): Promise<string> {
  const server = createServer((req, res) => handler(new URL(req.url ?? '/', 'http://x').pathname, res, req.method ?? ''));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (res: ServerResponse, status: number, body: string) => void res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);

/** Until the server answers HTTP (an open port alone can be a server still starting). */
async function waitForAnswer(url: string, process: ChildProcess) {
  for (let i = 0; i < 150; i += 1) {
    if (process.exitCode !== null) throw new Error(`the mock exited (${process.exitCode}) before answering`);
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`nothing answers ${url}`);
}

function run(target: string, ...extra: string[]) {
  return runScript('scripts/contract-verify.ts', { cwd: process.cwd(), env: process.env }, '--target', target, '--token', 'x', ...extra);
}

function runScript(script: string, options: { cwd: string; env: NodeJS.ProcessEnv }, ...args: string[]) {
  const started = Date.now();
  return new Promise<{ code: number | null; out: string; stdout: string; seconds: number }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], options);
    let out = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((out += chunk), (stdout += chunk)));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out, stdout, seconds: (Date.now() - started) / 1000 }));
  });
}

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `contract-verify-${name}-`));
  folders.push(dir);
  return dir;
};

beforeAll(async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const free = (probe.address() as AddressInfo).port;
      probe.close(() => resolve(free));
    });
  });
  const prism = spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(port)], { stdio: 'ignore' });
  children.push(prism);
  mock = `http://127.0.0.1:${port}`;
  // A backend that breaks the contract in several ways, with its own statuses.
  broken = await serve((path, res) => {
    if (path === '/api/v1/user/profile') return json(res, 200, '{"firstName":5}');
    if (path === '/api/v1/user/factor')
      return json(
        res,
        200,
        '{"factors":[{"factorType":"carrier-pigeon","provider":"OKTA","status":"ACTIVE"},{"factorType":"smoke-signal","provider":"OKTA","status":"ACTIVE"}]}',
      );
    if (path === '/api/v1/user/log') return json(res, 404, '{"errorMessage":"gone"}');
    json(res, 200, '{}');
  });
  // A backend that is right, except for one endpoint that never answers.
  hanging = await serve((path, res, method) => {
    if (path === '/api/v1/user/factor') return;
    const upstream = httpRequest(`${mock}${path}`, { method, headers: { authorization: 'Bearer x' } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.end();
  });
  // A backend that writes down every method it is sent, and answers like the mock.
  recording = await serve((path, res, method) => {
    recorded.push(`${method} ${path}`);
    json(res, 200, '{}');
  });
  // Where the verifier used to listen: a server there that answers exactly as the contract says.
  await serve((path, res) => {
    const upstream = httpRequest(`${mock}${path}`, { headers: { authorization: 'Bearer x' } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.end();
  }, OLD_DEFAULT_PORT);
  await waitForAnswer(`${mock}/api/v1/user/profile`, prism);
}, 45_000);

afterAll(async () => {
  for (const child of children) child.kill();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('npm run contract:verify', () => {
  it('passes a correct backend (Prism from the same contract), read-only, and writes a JUnit report', async () => {
    const report = join(tempDir('junit'), 'report.xml');
    const { code, out, seconds } = await run(mock, '--junit', report);
    expect(out).toContain('10 passed, 0 failed, 15 skipped');
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile\s+passed\s+200\s+\d+ ms/);
    expect(out).toMatch(/getLinkProvider\s+GET \/oauth\/provider\s+skipped\s+-\s+served by http:\/\/localhost:9000/);
    expect(out).toMatch(
      /changePassword\s+POST \/api\/v1\/user\/credential\/password\s+skipped\s+-\s+changes the account: run it with --run changePassword/,
    );
    expect(code).toBe(0);
    const xml = readFileSync(report, 'utf8');
    expect(xml).toMatch(/<testsuite name="contract:verify against http:\/\/127\.0\.0\.1:\d+" tests="25" failures="0" errors="0" skipped="15"/);
    expect(xml).toContain('<testcase classname="contract-verify" name="getProfile (GET /api/v1/user/profile)"');
    expect(seconds).toBeLessThan(20);
  }, 30_000);

  it('fails a wrong backend while a correct-looking server holds the old default port, with the backend’s own statuses, grouped', async () => {
    const report = join(tempDir('junit'), 'report.xml');
    const { code, out } = await run(broken, '--junit', report);
    expect(code).toBe(1);
    // The backend said 200: that is what the row says, not Prism's 500.
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile\s+failed\s+200\s+.*response\.body: Response body must have required property 'electronicId', 'lastName', 'displayName', 'primaryEmail', 'secondaryEmail', 'department' \(×6\)/,
    );
    expect(out).toMatch(/getProfile .*response\.body\.firstName: Response body property firstName must be string/);
    // Two items with the same fault: one line, with the array position left out.
    expect(out).toMatch(
      /getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+200\s+.*factors\.\*\.factorType: .*must be equal to one of the allowed values.* \(×2\)/,
    );
    expect(out).toMatch(/getLoginLog\s+GET \/api\/v1\/user\/log\s+failed\s+404\s+.*status 404 is not declared/);
    expect(out).toContain('The same problem on several operations:');
    expect(out).toMatch(/^\s+2 operations: response\.body: Response body must be string\n\s+getIdpConfig, getSocialAuthorizeUrl$/m);
    expect(out).toMatch(/0 passed, 10 failed, 15 skipped/);
    const xml = readFileSync(report, 'utf8');
    expect(xml).toMatch(/tests="25" failures="10" errors="0" skipped="15"/);
    expect(xml).toMatch(/<failure message="status 404: status 404 is not declared/);
  }, 30_000);

  it('will not take a port another server holds for its Prism', async () => {
    const { code, out } = await run(broken, '--port', String(OLD_DEFAULT_PORT));
    expect(out).toContain(`Prism stopped before it listened on port ${OLD_DEFAULT_PORT}`);
    expect(out).not.toMatch(/passed/);
    expect(code).toBe(2);
  }, 30_000);

  it('fails an endpoint that never answers by its timeout, naming the operation and the time, and goes on', async () => {
    const { code, out, seconds } = await run(hanging, '--timeout', '1');
    expect(out).toMatch(/getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+-\s+1\d{3} ms\s+no answer within 1 s \(--timeout\)/);
    expect(out).toMatch(/getSecurityQuestions\s+GET \/api\/v1\/user\/factor\/questions\s+passed\s+200/);
    expect(out).toContain('9 passed, 1 failed, 15 skipped');
    expect(code).toBe(1);
    expect(seconds).toBeLessThan(15);
  }, 30_000);

  it('says when Prism, not the backend, answered: a backend it cannot reach has no status', async () => {
    const closed = await serve(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const { code, out } = await run(closed);
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile\s+failed\s+-\s+\d+ ms\s+no answer from the backend \(Prism: request to .* failed, reason: connect ECONNREFUSED/,
    );
    expect(out).toMatch(/The same problem on several operations:\n\s+10 operations: no answer from the backend/);
    expect(code).toBe(1);
  }, 30_000);

  it('sends no POST, PUT or DELETE by default, even when given the data the changing operations need', async () => {
    recorded.length = 0;
    await run(recording, '--phone', '+447700900123', '--email', 'verify@example.org', '--factor-id', 'f1', '--password', 'a', '--new-password', 'b');
    expect(recorded.length).toBeGreaterThanOrEqual(10);
    expect(recorded.filter((call) => !call.startsWith('GET '))).toEqual([]);
  }, 30_000);

  it('runs a changing operation only when named, with the data the team gave, never the contract’s examples', async () => {
    recorded.length = 0;
    await run(recording, '--run', 'enrollPhoneFactor', '--phone', '+447700900123', '--run', 'resetFactor', '--factor-id', 'team-factor-1');
    expect(recorded.filter((call) => !call.startsWith('GET ')).sort()).toEqual([
      'DELETE /api/v1/user/factor/team-factor-1',
      'POST /api/v1/user/factor/enroll/phone',
    ]);
    const { code, out } = await run(
      mock,
      '--run',
      'enrollPhoneFactor',
      '--phone',
      '+447700900123',
      '--run',
      'updateRecoveryEmail',
      '--email',
      'verify@example.org',
    );
    expect(out).toMatch(/enrollPhoneFactor\s+POST \/api\/v1\/user\/factor\/enroll\/phone\s+passed\s+200/);
    expect(out).toContain('12 passed, 0 failed, 13 skipped');
    expect(code).toBe(0);
  }, 30_000);

  it('stops before sending anything when a named operation lacks its data, or is unknown, or --mutating is asked for', async () => {
    recorded.length = 0;
    const noPhone = await run(recording, '--run', 'enrollPhoneFactor');
    expect(noPhone.out).toContain('--run enrollPhoneFactor needs --phone');
    expect(noPhone.code).toBe(2);
    const noPassword = await run(recording, '--run', 'changePassword', '--password', 'old');
    expect(noPassword.out).toContain('--run changePassword needs --new-password');
    expect(noPassword.code).toBe(2);
    const unknown = await run(recording, '--run', 'getProfile');
    expect(unknown.out).toContain('--run getProfile: not an operation that changes an account');
    expect(unknown.code).toBe(2);
    const mutating = await run(recording, '--mutating');
    expect(mutating.out).toContain('--mutating is gone');
    expect(mutating.code).toBe(2);
    expect(recorded).toEqual([]);
  }, 30_000);

  it('exits 1 when no operation was checked', async () => {
    const dir = tempDir('empty');
    writeFileSync(
      join(dir, 'openapi.yaml'),
      [
        'openapi: 3.1.0',
        'info: { title: t, version: "1" }',
        'paths:',
        '  /api/v1/user/sessions:',
        '    delete:',
        '      operationId: endSessions',
        '      responses:',
        "        '200': { description: ok }",
        '',
      ].join('\n'),
    );
    const { code, out } = await run(recording, '--contract', join(dir, 'openapi.yaml'));
    expect(out).toContain('0 passed, 0 failed, 1 skipped');
    expect(out).toContain('no operation was checked');
    expect(code).toBe(1);
  }, 30_000);

  it('groups one answer’s repeated violations', () => {
    expect(
      groupViolations([
        { location: ['response', 'body'], message: "Response body must have required property 'a'" },
        { location: ['response', 'body'], message: "Response body must have required property 'b'" },
        { location: ['response', 'body', 'factors', '0', 'status'], message: 'Response body property factors.0.status must be string' },
        { location: ['response', 'body', 'factors', '1', 'status'], message: 'Response body property factors.1.status must be string' },
        { location: ['response', 'body', 'x'], message: 'must be string' },
      ]),
    ).toEqual([
      "response.body: Response body must have required property 'a', 'b' (×2)",
      'response.body.factors.*.status: Response body property factors.*.status must be string (×2)',
      'response.body.x: must be string',
    ]);
  });

  it('names what each changing operation does, and needs the team’s own data for every personal value', () => {
    expect(MUTATIONS.enrollPhoneFactor?.needs).toEqual(['phone']);
    expect(MUTATIONS.changePassword?.changes).toMatch(/CHANGES THE PASSWORD/);
    expect(MUTATIONS.endSessions?.changes).toMatch(/ENDS EVERY SESSION/);
    // The contract's real-looking Hong Kong numbers never reach a backend.
    const body = MUTATIONS.enrollPhoneFactor!.fill!({ phone: '+447700900123' }, { factorType: 'sms', provider: 'OKTA', phoneNumber: '+85291234567' });
    expect(JSON.stringify(body)).not.toContain('852');
  });

  it("stops with exit 2 and the parser's message when the contract is not YAML", async () => {
    const dir = tempDir('yaml');
    writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\npaths: [1\ninfo: {}\n');
    const { code, out } = await run(mock, '--contract', join(dir, 'openapi.yaml'));
    expect(out).toMatch(/cannot read .*openapi\.yaml as YAML: YAMLParseError: .*line 3/);
    expect(code).toBe(2);
  });
});

describe('contract-verify.ts on its own (what backend teams download)', () => {
  it("imports nothing but Node's own modules", () => {
    const source = readFileSync('scripts/contract-verify.ts', 'utf8');
    const imported = [...source.matchAll(/^\s*import\s[^;]*?from\s+'([^']+)'/gms), ...source.matchAll(/\bimport\(\s*'([^']+)'/g)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((name) => !name?.startsWith('node:'))).toEqual([]);
  });

  it('asks npx for the exact Prism and yaml that package.json pins', () => {
    const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(PRISM_PACKAGE).toBe(`@stoplight/prism-cli@${devDependencies['@stoplight/prism-cli']}`);
    expect(YAML_PACKAGE).toBe(`yaml@${devDependencies.yaml}`);
    const tools = npxTools(['/usr/bin/npx']);
    const packages = ['--yes', '--package=@stoplight/prism-cli@5.16.0', `--package=${YAML_PACKAGE}`, '--'];
    expect(tools.prism).toEqual(['/usr/bin/npx', ...packages, 'prism']);
    expect(tools.yaml).toEqual(['/usr/bin/npx', ...packages, 'yaml']);
  });

  it('finds npx on PATH, else the one npm installs beside node; on Windows only that one', () => {
    const files =
      (...list: string[]) =>
      (file: string) =>
        list.includes(file);
    const linux = { platform: 'linux', execPath: '/opt/node/bin/node', pathEnv: '/usr/local/bin:/usr/bin' };
    expect(npxCommand({ ...linux, isFile: files('/usr/bin/npx', '/opt/node/lib/node_modules/npm/bin/npx-cli.js') })).toEqual(['/usr/bin/npx']);
    expect(npxCommand({ ...linux, isFile: files('/opt/node/lib/node_modules/npm/bin/npx-cli.js') })).toEqual([
      '/opt/node/bin/node',
      '/opt/node/lib/node_modules/npm/bin/npx-cli.js',
    ]);
    expect(npxCommand({ ...linux, isFile: files() })).toBeUndefined();
    const windows = { platform: 'win32', execPath: 'C:\\Program Files\\nodejs\\node.exe', pathEnv: 'C:\\Program Files\\nodejs' };
    const cli = 'C:\\Program Files\\nodejs\\node_modules\\npm\\bin\\npx-cli.js';
    expect(npxCommand({ ...windows, isFile: files('C:\\Program Files\\nodejs\\npx', cli) })).toEqual([windows.execPath, cli]);
  });

  // docs/contract.md's commands as written: a folder holding only openapi.yaml and the script, a PATH
  // with only node, npx and the shell npx runs its commands with, and no node_modules anywhere
  // above it. npm takes Prism and yaml from its cache (the one `npm ci` filled); where its cache
  // lacks them (the first run on a machine), npx downloads them from the registry.
  it('checks the mock with Prism through npx, from a folder with nothing but the two files, and writes the JUnit file', async () => {
    const root = tempDir('alone');
    const team = join(root, 'team');
    const bin = join(root, 'bin');
    mkdirSync(team);
    mkdirSync(bin);
    copyFileSync('openapi.yaml', join(team, 'openapi.yaml'));
    copyFileSync('scripts/contract-verify.ts', join(team, 'contract-verify.ts'));
    const which = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync(which('sh') || '/bin/sh', join(bin, 'sh'));
    // Without an npx on PATH, the verifier takes the one npm installs beside node.
    if (which('npx')) symlinkSync(which('npx'), join(bin, 'npx'));
    const passOn = [
      'HOME',
      'npm_config_cache',
      'npm_config_userconfig',
      'npm_config_registry',
      'npm_config_cafile',
      'NODE_EXTRA_CA_CERTS',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
    ];
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(passOn.filter((name) => process.env[name]).map((name) => [name, process.env[name]])),
      PATH: bin,
      // Everything npx needs is pinned to exact versions: what the cache holds is what it would download.
      npm_config_prefer_offline: 'true',
      npm_config_update_notifier: 'false',
    };

    const { code, out } = await runScript(
      join(team, 'contract-verify.ts'),
      { cwd: team, env },
      '--target',
      mock,
      '--token',
      'x',
      '--junit',
      'contract-report.xml',
    );
    expect(out).toContain(`contract:verify: Prism (${PRISM_PACKAGE}) and the YAML parser (${YAML_PACKAGE}) through npx`);
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile\s+passed\s+200/);
    expect(out).toContain('10 passed, 0 failed, 15 skipped');
    expect(code).toBe(0);
    expect(readFileSync(join(team, 'contract-report.xml'), 'utf8')).toMatch(/tests="25" failures="0" errors="0" skipped="15"/);
    // npx kept its install in npm's cache: the folder holds what it held, and the report.
    expect(readdirSync(team).sort()).toEqual(['contract-report.xml', 'contract-verify.ts', 'openapi.yaml']);
    expect(existsSync(join(root, 'node_modules'))).toBe(false);
  }, 300_000);
});
