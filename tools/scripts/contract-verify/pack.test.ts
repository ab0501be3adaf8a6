import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, summary } from './contractFigures.ts';
import { pack } from './pack.ts';
import { runCommand, startMock, stopAll } from './testServers.ts';

const TOKEN = 'packed-token-2b8e41';
const folders: string[] = [];
let mock: string;
let tarball: string;
let unpacked: string;

const tempDir = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `contract-verify-${name}-`));
  folders.push(dir);
  return dir;
};
const sh = (command: string) => spawnSync('sh', ['-c', command], { encoding: 'utf8' }).stdout.trim();

beforeAll(async () => {
  [mock, tarball] = await Promise.all([startMock(), Promise.resolve().then(() => pack(tempDir('tarball')))]);
  unpacked = tempDir('unpacked');
  spawnSync('tar', ['-xzf', tarball, '-C', unpacked]);
}, 60_000);

afterAll(async () => {
  await stopAll();
  folders.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

describe('the packed verifier (what backend teams get)', () => {
  it('holds the contract and its own modules, no test, and pins all it installs to the repository’s lock', () => {
    expect(readdirSync(join(unpacked, 'package')).sort()).toEqual([
      'authenticator.js',
      'bin.js',
      'checks.js',
      'main.js',
      'npm-shrinkwrap.json',
      'openapi.yaml',
      'operations.js',
      'options.js',
      'package.json',
      'prism.js',
      'report.js',
    ]);
    expect(readFileSync(join(unpacked, 'package', 'openapi.yaml'), 'utf8')).toBe(readFileSync('openapi.yaml', 'utf8'));
    const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
    const manifest = JSON.parse(readFileSync(join(unpacked, 'package', 'package.json'), 'utf8'));
    expect(manifest.dependencies).toEqual({ '@stoplight/prism-cli': devDependencies['@stoplight/prism-cli'], yaml: devDependencies.yaml });
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')).packages;
    const shrinkwrap: Record<string, { version?: string; integrity?: string }> = JSON.parse(
      readFileSync(join(unpacked, 'package', 'npm-shrinkwrap.json'), 'utf8'),
    ).packages;
    const installed = Object.entries(shrinkwrap).filter(([path]) => path !== '');
    expect(installed.length).toBeGreaterThan(100);
    for (const [path, entry] of installed) {
      expect(entry.integrity, path).toMatch(/^sha512-/);
      expect({ path, version: entry.version, integrity: entry.integrity }).toEqual({
        path,
        version: lock[path]?.version,
        integrity: lock[path]?.integrity,
      });
    }
  });

  // docs/contract.md's command as written, with the mock for the backend: a folder that holds the
  // tarball alone, a PATH with only node, npx and the shell npx runs commands with, the token in
  // the variable the line names and nowhere else. npm takes every package from its cache (the
  // one `npm ci` filled; the shrinkwrap asks for exactly those versions) and asks the registry
  // only for what the cache lacks; npx installs into a folder of this test's own (_npx), so the
  // install, and any script it would run, happens here, now.
  it('runs from a folder holding only the tarball, with npx, as docs/contract.md says: no install script runs, and no token is printed', async () => {
    const documented = readFileSync('docs/contract.md', 'utf8')
      .split('\n')
      .find((line) => line.includes('npx') && line.includes('--package=./account-portal-contract-verify-'))!;
    const [, variable] = /^CONTRACT_VERIFY_TOKEN="\$(\w+)" npx --yes --ignore-scripts --package=/.exec(documented) ?? [];
    expect(variable, documented).toBeDefined();
    expect(documented).toContain(`--package=./${basename(tarball)} -- contract-verify --target https://`);
    const root = tempDir('team');
    const team = join(root, 'team');
    const bin = join(root, 'bin');
    const cache = join(root, 'npm-cache');
    mkdirSync(team);
    mkdirSync(bin);
    mkdirSync(cache);
    copyFileSync(tarball, join(team, basename(tarball)));
    const npx = [join(dirname(process.execPath), 'npx'), sh('command -v npx')].find((file) => file && spawnSync(file, ['--version']).status === 0)!;
    symlinkSync(process.execPath, join(bin, 'node'));
    symlinkSync(npx, join(bin, 'npx'));
    symlinkSync(sh('command -v sh') || '/bin/sh', join(bin, 'sh'));
    // The packages npm ci fetched, shared; the installs npx makes, this test's own.
    const npmCache = process.env.npm_config_cache || sh('npm config get cache');
    symlinkSync(join(npmCache, '_cacache'), join(cache, '_cacache'));
    const passOn = ['HOME', 'npm_config_userconfig', 'npm_config_registry', 'npm_config_cafile', 'NODE_EXTRA_CA_CERTS', 'HTTPS_PROXY', 'NO_PROXY'];
    const env: NodeJS.ProcessEnv = {
      ...Object.fromEntries(passOn.filter((name) => process.env[name]).map((name) => [name, process.env[name]])),
      PATH: bin,
      [variable!]: TOKEN,
      npm_config_cache: cache,
      // npm says what it runs: "npm info run <package> <script>" for every install script.
      npm_config_loglevel: 'info',
      npm_config_prefer_offline: 'true',
      npm_config_update_notifier: 'false',
    };

    const { code, out, seconds } = await runCommand(join(bin, 'sh'), ['-c', documented.replace(/https:\/\/\S+/, mock)], { cwd: team, env });
    console.log(`the packed verifier: installed by npx and run in ${seconds.toFixed(1)} s`);
    // Installed here and now, with @scarf/scarf (whose postinstall reports home) in the tree: no script ran.
    const installs = readdirSync(join(cache, '_npx'));
    expect(installs).toHaveLength(1);
    expect(existsSync(join(cache, '_npx', installs[0]!, 'node_modules', '@scarf', 'scarf', 'package.json'))).toBe(true);
    expect(out).toMatch(/^npm info using npm@/m);
    expect(out.split('\n').filter((line) => line.startsWith('npm info run '))).toEqual([]);
    // The contract it holds, not the repository's.
    expect(out).toMatch(
      /^contract:verify: \S+\/node_modules\/account-portal-contract-verify\/openapi\.yaml \(version 1\.0\.0, sha256 [0-9a-f]{12}\), Prism 5\.16\.0$/m,
    );
    expect(out).toMatch(/getProfile\s+GET \/api\/v1\/user\/profile, no token\s+passed\s+401/);
    expect(out).toContain(summary(contract.sent, 0, contract.skipped));
    expect(code).toBe(0);
    expect(out).not.toContain(TOKEN);
    const report = readFileSync(join(team, 'contract-report.xml'), 'utf8');
    expect(report).toContain(`tests="${contract.rows}" failures="0" errors="0" skipped="${contract.skipped}"`);
    expect(report).not.toContain(TOKEN);
    // npx kept its install in npm's cache: the folder holds the tarball and the report.
    expect(readdirSync(team).sort()).toEqual([basename(tarball), 'contract-report.xml']);
  }, 180_000);

  // Node 24 is what Prism needs; Node 20 is what many machines still have (these included).
  it('tells an older Node that Node 24 is needed, before it loads anything', () => {
    const older = ['/usr/bin/node', '/usr/local/bin/node'].find((file) =>
      /^v(1\d|2[0-3])\./.test(spawnSync(file, ['--version'], { encoding: 'utf8' }).stdout ?? ''),
    );
    // Where no older Node is installed, Node 24 is told it is Node 20 before the command starts.
    const [node, ...flags] = older
      ? [older]
      : [process.execPath, '--import', 'data:text/javascript,Object.defineProperty(process.versions,"node",{value:"20.20.2"})'];
    const done = spawnSync(node!, [...flags, join(unpacked, 'package', 'bin.js'), '--target', 'https://backend.test.example'], { encoding: 'utf8' });
    expect(done.stderr).toMatch(
      /^contract-verify: Node 24 needed \(24\.18 or later\); this is Node 20\.\d+\.\d+\. Get it from https:\/\/nodejs\.org\n$/,
    );
    expect(done.status).toBe(2);
  });
});
