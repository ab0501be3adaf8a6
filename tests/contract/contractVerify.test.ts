// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npxCommand, npxTools, PRISM_PACKAGE, YAML_PACKAGE } from '../../scripts/contract-verify.ts';

const MOCK_PORT = 4331;
const BROKEN_PORT = 4333;
const children: ChildProcess[] = [];
let broken: Server;

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

function run(target: string, proxyPort: number, ...extra: string[]) {
  return runScript(
    'scripts/contract-verify.ts',
    { cwd: process.cwd(), env: process.env },
    '--target',
    target,
    '--token',
    'x',
    '--port',
    String(proxyPort),
    ...extra,
  );
}

function runScript(script: string, options: { cwd: string; env: NodeJS.ProcessEnv }, ...args: string[]) {
  return new Promise<{ code: number | null; out: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], options);
    let out = '';
    let stdout = '';
    child.stdout.on('data', (chunk) => ((out += chunk), (stdout += chunk)));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out, stdout }));
  });
}

beforeAll(async () => {
  const mock = spawn('node_modules/.bin/prism', ['mock', 'openapi.yaml', '--host', '127.0.0.1', '--port', String(MOCK_PORT)], { stdio: 'ignore' });
  children.push(mock);
  // A backend that breaks the contract in three different ways.
  broken = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/api/v1/user/profile') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"firstName":5}');
    if (path === '/api/v1/user/factor')
      return void res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end('{"factors":[{"factorType":"carrier-pigeon","provider":"OKTA","status":"ACTIVE"}]}');
    if (path === '/api/v1/user/log') return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"errorMessage":"gone"}');
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => broken.listen(BROKEN_PORT, '127.0.0.1', resolve));
  await waitForAnswer(`http://127.0.0.1:${MOCK_PORT}/api/v1/user/profile`, mock);
}, 45_000);

afterAll(async () => {
  for (const child of children) child.kill();
  await new Promise((resolve) => broken.close(resolve));
});

describe('npm run contract:verify', () => {
  it('passes every operation against the Prism mock, with --mutating', async () => {
    const { code, out } = await run(`http://127.0.0.1:${MOCK_PORT}`, 4332, '--mutating');
    expect(out).toContain('24 passed, 0 failed, 1 skipped');
    expect(out).toMatch(/getLinkProvider\s+GET \/oauth\/provider\s+skipped\s+served by http:\/\/localhost:9000/);
    expect(code).toBe(0);
  }, 60_000);

  it('reports each violation of a broken backend, skips mutating calls without the flag, and exits 1', async () => {
    const { code, out } = await run(`http://127.0.0.1:${BROKEN_PORT}`, 4334);
    expect(code).toBe(1);
    expect(out).toMatch(
      /getProfile\s+GET \/api\/v1\/user\/profile\s+failed\s+500\s+.*response\.body\.firstName: Response body property firstName must be string/,
    );
    expect(out).toMatch(/getProfile .*must have required property 'electronicId'/);
    expect(out).toMatch(/getFactors\s+GET \/api\/v1\/user\/factor\s+failed\s+500\s+.*factorType.*must be equal to one of the allowed values/);
    expect(out).toMatch(/getLoginLog\s+GET \/api\/v1\/user\/log\s+failed/);
    expect(out).toMatch(/updateRecoveryEmail\s+POST \/api\/v1\/user\/profile\s+skipped\s+changes data: run with --mutating/);
    expect(out).toMatch(/\d+ passed, \d+ failed, 15 skipped/);
  }, 60_000);
});

describe('contract-verify.ts on its own (what backend teams download)', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

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

  it("stops with exit 2 and the parser's message when the contract is not YAML", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-verify-yaml-'));
    folders.push(dir);
    writeFileSync(join(dir, 'openapi.yaml'), 'openapi: 3.1.0\npaths: [1\ninfo: {}\n');
    const { code, out } = await run(`http://127.0.0.1:${MOCK_PORT}`, 4336, '--contract', join(dir, 'openapi.yaml'));
    expect(out).toMatch(/cannot read .*openapi\.yaml as YAML: YAMLParseError: .*line 3/);
    expect(code).toBe(2);
  });

  // The real thing: a folder holding only openapi.yaml and the script, a PATH with only node,
  // npx and the shell npx runs its commands with, and no node_modules anywhere above it. npm
  // takes Prism and yaml from its cache (the one `npm ci` filled); where its cache lacks them
  // (the first run on a machine), npx downloads them from the registry.
  it('checks the mock with Prism through npx, from a folder with nothing but the two files', async () => {
    const root = mkdtempSync(join(tmpdir(), 'contract-verify-alone-'));
    folders.push(root);
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
    const passOn = ['HOME', 'npm_config_cache', 'npm_config_userconfig', 'npm_config_registry', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY'];
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(passOn.filter((name) => process.env[name]).map((name) => [name, process.env[name]])),
      PATH: bin,
      // Everything npx needs is pinned to exact versions: what the cache holds is what it would download.
      npm_config_prefer_offline: 'true',
      npm_config_update_notifier: 'false',
    };

    const { code, out, stdout } = await runScript(
      join(team, 'contract-verify.ts'),
      { cwd: team, env },
      '--target',
      `http://127.0.0.1:${MOCK_PORT}`,
      '--token',
      'x',
      '--port',
      '4335',
      '--mutating',
      '--json',
    );
    expect(out).toContain(`contract:verify: Prism (${PRISM_PACKAGE}) and the YAML parser (${YAML_PACKAGE}) through npx`);
    expect(out).toContain('24 passed, 0 failed, 1 skipped');
    const results: { result: string }[] = JSON.parse(stdout);
    expect(results.filter((r) => r.result === 'passed')).toHaveLength(24);
    expect(code).toBe(0);
    // npx kept its install in npm's cache: the folder holds what it held.
    expect(readdirSync(team).sort()).toEqual(['contract-verify.ts', 'openapi.yaml']);
    expect(existsSync(join(root, 'node_modules'))).toBe(false);
  }, 300_000);
});
