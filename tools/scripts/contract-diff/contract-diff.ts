// `npm run contract:diff`: fails when openapi.yaml has a breaking change against an earlier
// version of itself (a removed operation or field, a narrowed type, a new required request
// field...); additive changes pass. api-smart-diff classifies the changes (classify.ts, rules.ts, agreements.ts).
//
//   node tools/scripts/contract-diff/contract-diff.ts [--base <git-revision>] [--base-file <path>] [--json]
//
// --base       the git revision whose openapi.yaml is the old contract (also CONTRACT_BASE);
//              by default the merge base of HEAD and origin/main, so every commit not yet on
//              main is judged together, or HEAD~1 when HEAD is already on origin/main or there
//              is no origin/main (chooseBase in base.ts); the report says which
// --base-file  compare against this file instead of a git revision
// --json       print the classified changes as JSON instead of the report
//
// Exit status: 0 no breaking change (or nothing to compare), 1 breaking changes, 2 usage error
// or a contract or revision that cannot be read.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { carriedAgreements, staleAgreements } from './agreements.ts';
import { chooseBase } from './base.ts';
import { classifiedChanges, countByType } from './classify.ts';
import { formatReport } from './report.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const CONTRACT = 'openapi.yaml';
/** The branch that holds what has landed. */
const UPSTREAM = 'origin/main';

function fail(message: string): never {
  console.error(`contract-diff: ${message}`);
  process.exit(2);
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}

function gitSucceeds(...args: string[]): boolean {
  try {
    git(...args);
    return true;
  } catch {
    return false;
  }
}

/** The answer of a git command, or undefined when it fails. */
function gitAnswer(...args: string[]): string | undefined {
  try {
    return git(...args).trim();
  } catch {
    return undefined;
  }
}

/** The revision to compare with, and why (see chooseBase). */
function baseRevision(option: string | undefined) {
  const inCheckout = gitSucceeds('rev-parse', '--is-inside-work-tree');
  const upstreamExists = inCheckout && gitSucceeds('rev-parse', '--verify', '--quiet', `${UPSTREAM}^{commit}`);
  return chooseBase({
    option,
    env: process.env.CONTRACT_BASE,
    upstream: UPSTREAM,
    upstreamExists,
    head: upstreamExists ? gitAnswer('rev-parse', 'HEAD') : undefined,
    mergeBase: upstreamExists ? gitAnswer('merge-base', 'HEAD', UPSTREAM) : undefined,
  });
}

/**
 * The old contract's text from a git revision, or why there is none. A revision that does not
 * exist is an error when it was asked for, but for the fallback HEAD~1 it means a first commit
 * or a shallow clone, where there is nothing to compare.
 */
function contractAtRevision(revision: string, asked: boolean): { text: string } | { skip: string } {
  if (!gitSucceeds('rev-parse', '--is-inside-work-tree')) {
    if (asked) fail(`--base ${revision} needs a git checkout, and this is not one.`);
    return { skip: 'this is not a git checkout, so there is no earlier version.' };
  }
  if (!gitSucceeds('rev-parse', '--verify', '--quiet', `${revision}^{commit}`)) {
    const shallow = git('rev-parse', '--is-shallow-repository').trim() === 'true';
    if (asked)
      fail(
        shallow ? `${revision} is not in this shallow clone; fetch more history first (git fetch --unshallow).` : `unknown git revision ${revision}.`,
      );
    return {
      skip: shallow
        ? `${revision} is not in this shallow clone, so the check did not run; fetch one more commit first (git fetch --deepen=1, or a CI checkout with fetch-depth 2).`
        : `${revision} does not exist (this is the first commit).`,
    };
  }
  // `rev:./file` is relative to ROOT, so this also works when the portal is a folder of a larger repository.
  if (!gitSucceeds('cat-file', '-e', `${revision}:./${CONTRACT}`)) return { skip: `${CONTRACT} did not exist at ${revision}.` };
  return { text: git('show', `${revision}:./${CONTRACT}`) };
}

function parseContract(text: string, label: string): unknown {
  try {
    return parse(text);
  } catch (error) {
    return fail(`${label} is not valid YAML: ${error instanceof Error ? error.message : error}`);
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return fail(`cannot read ${path}: ${error instanceof Error ? error.message : error}`);
  }
}

function parseOptions() {
  try {
    return parseArgs({ options: { base: { type: 'string' }, 'base-file': { type: 'string' }, json: { type: 'boolean', default: false } } }).values;
  } catch (error) {
    return fail(
      `${error instanceof Error ? error.message : error}\nusage: node tools/scripts/contract-diff/contract-diff.ts [--base <git-revision>] [--base-file <path>] [--json]`,
    );
  }
}

function main(): number {
  const options = parseOptions();
  if (options.base && options['base-file']) fail('give --base or --base-file, not both.');

  let baseText: string;
  let baseLabel: string;
  let baseWhy: string;
  if (options['base-file']) {
    baseLabel = options['base-file'];
    baseWhy = 'given with --base-file';
    baseText = readText(baseLabel);
  } else {
    const { revision, asked, why } = baseRevision(options.base);
    // A commit id found by merge-base is shown short; a name as it was given.
    const shown = /^[0-9a-f]{40,64}$/.test(revision) ? revision.slice(0, 12) : revision;
    baseWhy = why;
    if (!options.json) console.log(`contract-diff: base ${shown}, ${why}.`);
    const found = contractAtRevision(revision, asked);
    if ('skip' in found) {
      console.log(
        options.json ? JSON.stringify({ base: shown, baseWhy, skipped: found.skip }, null, 2) : `contract-diff: nothing to compare: ${found.skip}`,
      );
      return 0;
    }
    baseLabel = `${CONTRACT} at ${shown}`;
    baseText = found.text;
  }

  const before = parseContract(baseText, baseLabel);
  const after = parseContract(readText(join(ROOT, CONTRACT)), CONTRACT);
  const changes = classifiedChanges(before, after);
  const counts = countByType(changes);
  const stale = staleAgreements(changes, after, before);
  const carried = carriedAgreements(before, after);
  console.log(
    options.json
      ? JSON.stringify({ base: baseLabel, baseWhy, counts, changes, stale, carried }, null, 2)
      : formatReport(changes, baseLabel, stale, carried),
  );
  return counts.breaking || stale.length ? 1 : 0;
}

process.exitCode = main();
