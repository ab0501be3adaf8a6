// Builds the verifier as an npm package that holds the contract it checks:
//   npm run contract:verify:pack [-- --out DIR]   (the current folder by default)
// writes account-portal-contract-verify-<version>.tgz, which backend teams run with
//   CONTRACT_VERIFY_TOKEN="$TOKEN" npx --yes --ignore-scripts --package=./account-portal-contract-verify-<version>.tgz -- contract-verify --target URL
//
// Node runs no TypeScript from node_modules, so the package holds these modules as JavaScript
// (TypeScript's own transpiler, types removed, nothing else changed) and the repository's
// openapi.yaml. Its npm-shrinkwrap.json pins Prism and everything under it to the versions of
// the repository's package-lock.json, with their integrity hashes: npx installs that tree and
// no other, and a machine that ran `npm ci` here already has every file of it in npm's cache.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const here = import.meta.dirname;
const root = join(here, '..', '..', '..');
// The npm that runs this script (npm sets npm_execpath), else the one on PATH.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function npmIn(folder: string, ...args: string[]): string {
  const done = spawnSync(npm[0]!, [...npm.slice(1), ...args], { cwd: folder, encoding: 'utf8' });
  if (done.status !== 0) throw new Error(`npm ${args.join(' ')} failed (exit ${done.status ?? done.signal}):\n${done.stderr}`);
  return done.stdout;
}

/** The package's modules as JavaScript: bin.ts and every module it reaches, so no test or tool of the repository. */
function transpile(stage: string) {
  const modules = ['bin.ts'];
  for (const name of modules) {
    const source = readFileSync(join(here, name), 'utf8');
    for (const [, imported] of source.matchAll(/(?:from |import\()'\.\/([\w.-]+\.ts)'/g)) if (!modules.includes(imported!)) modules.push(imported!);
    const { outputText } = ts.transpileModule(source, {
      fileName: name,
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        rewriteRelativeImportExtensions: true,
        verbatimModuleSyntax: true,
      },
    });
    writeFileSync(join(stage, name.replace(/\.ts$/, '.js')), outputText);
  }
  chmodSync(join(stage, 'bin.js'), 0o755);
}

/**
 * The package's manifest and its npm-shrinkwrap.json in `stage`: the repository's lock, pruned to
 * what this package depends on (the same versions, no new ones). What npx installs, and what the
 * audit checks (tools/scripts/audit.ts).
 */
export function writeManifestAndLock(stage: string) {
  copyFileSync(join(here, 'package.json'), join(stage, 'package.json'));
  copyFileSync(join(root, 'package-lock.json'), join(stage, 'package-lock.json'));
  npmIn(stage, 'install', '--package-lock-only', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund');
  renameSync(join(stage, 'package-lock.json'), join(stage, 'npm-shrinkwrap.json'));
}

/** Packs the package into `out` and returns the tarball's path. */
export function pack(out: string): string {
  const stage = mkdtempSync(join(tmpdir(), 'contract-verify-pack-'));
  try {
    transpile(stage);
    copyFileSync(join(root, 'openapi.yaml'), join(stage, 'openapi.yaml'));
    writeManifestAndLock(stage);
    mkdirSync(out, { recursive: true });
    const [packed] = JSON.parse(npmIn(stage, 'pack', '--json', '--pack-destination', out));
    return join(out, packed.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  // `npm run` starts scripts in the repository's root; INIT_CWD is where it was typed.
  const out = resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? '.');
  console.log(pack(out));
}
