// The breaking-change gate in real git histories: which base it compares with, and what that
// catches. Each test builds a scratch repository holding the two scripts and openapi.yaml,
// with origin/main set by hand where the portal's would be after a fetch.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { chooseBase } from './base.ts';

// Loose on purpose: the tests reach into the parsed contract by path.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Spec = any;

// A git hook or a parent process may have pointed git elsewhere (GIT_DIR, GIT_INDEX_FILE...):
// the scratch repositories must never reach the portal's own.
const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_') && name !== 'CONTRACT_BASE'));

const folders: string[] = [];
/** How many answers lost the factor's `profile` in a report: as many as the contract's answers that carry a factor. */
const profilesRemoved = (out: string) => out.match(/properties\.profile: removed/g)?.length ?? 0;
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A scratch checkout whose first commit holds `contract` (the real one unless given). */
function scratchRepo(contract?: Spec) {
  const dir = mkdtempSync(join(tmpdir(), 'contract-diff-repo-'));
  folders.push(dir);
  mkdirSync(join(dir, 'tools', 'scripts', 'contract-diff'), { recursive: true });
  for (const file of readdirSync(join('tools', 'scripts', 'contract-diff')).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts')))
    copyFileSync(join('tools', 'scripts', 'contract-diff', file), join(dir, 'tools', 'scripts', 'contract-diff', file));
  // The scripts' own dependencies (yaml, api-smart-diff), from the portal's install.
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  writeFileSync(join(dir, 'openapi.yaml'), contract ? stringify(contract) : readFileSync('openapi.yaml', 'utf8'));

  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: cleanEnv, encoding: 'utf8' }).trim();
  const identity = ['-c', 'user.name=Contract Test', '-c', 'user.email=contract@example.invalid', '-c', 'commit.gpgsign=false'];
  git('init', '--quiet', '--initial-branch=main');
  git('add', '.');
  git(...identity, 'commit', '--quiet', '-m', 'the contract as main has it');

  return {
    git,
    /** Commits openapi.yaml as `change` leaves it; answers the commit id. */
    commit(message: string, change: (spec: Spec) => void) {
      const spec = parse(readFileSync(join(dir, 'openapi.yaml'), 'utf8'));
      change(spec);
      writeFileSync(join(dir, 'openapi.yaml'), stringify(spec));
      git('add', 'openapi.yaml');
      git(...identity, 'commit', '--quiet', '-m', message);
      return git('rev-parse', 'HEAD');
    },
    /** Where origin/main points, as after a fetch; undefined removes it. */
    upstreamAt(revision: string | undefined) {
      if (revision) git('update-ref', 'refs/remotes/origin/main', git('rev-parse', revision));
      else git('update-ref', '-d', 'refs/remotes/origin/main');
    },
    /** `npm run contract:diff` in the scratch checkout. */
    diff(args: string[] = [], env: Record<string, string> = {}) {
      const run = spawnSync(process.execPath, ['tools/scripts/contract-diff/contract-diff.ts', ...args], {
        cwd: dir,
        env: { ...cleanEnv, ...env },
        encoding: 'utf8',
      });
      return { code: run.status, out: run.stdout + run.stderr };
    },
  };
}

const short = (id: string) => id.slice(0, 12);
const removeFactorProfile = (spec: Spec) => delete spec.components.schemas.Factor.properties.profile;
const removeSessionsDelete = (spec: Spec) => delete spec.paths['/api/v1/user/sessions'].delete;
const describeProfile = (spec: Spec) => (spec.components.schemas.Profile.properties.department.description = 'The person’s department.');

describe('contract:diff compares with where HEAD left origin/main', () => {
  it('catches a break spread over two commits when the last commit alone is harmless', () => {
    const repo = scratchRepo();
    const base = repo.git('rev-parse', 'HEAD');
    repo.upstreamAt('HEAD');
    repo.commit('a response field goes', removeFactorProfile);
    repo.commit('an operation goes', removeSessionsDelete);
    repo.commit('a description', describeProfile);

    const { code, out } = repo.diff();
    expect(out).toContain(`contract-diff: base ${short(base)}, where HEAD left origin/main (git merge-base HEAD origin/main)`);
    expect(out).toContain(`Contract diff: openapi.yaml against openapi.yaml at ${short(base)}`);
    // The operation, and the field in every answer that carries it.
    expect(out).toContain(`Breaking changes (${1 + profilesRemoved(out)}):`);
    expect(out).toMatch(/paths\.\/api\/v1\/user\/sessions\.delete: removed/);
    expect(out).toMatch(/properties\.profile: removed, .* — removed field: `profile`/);
    expect(code).toBe(1);

    // What comparing with the previous commit alone (the gate's old default) let through:
    const previous = repo.diff(['--base', 'HEAD~1']);
    expect(previous.out).toContain('contract-diff: base HEAD~1, given with --base.');
    expect(previous.out).toContain('OK: no breaking change.');
    expect(previous.code).toBe(0);
  });

  it('passes compatible commits, and names the base it used', () => {
    const repo = scratchRepo();
    const base = repo.git('rev-parse', 'HEAD');
    repo.upstreamAt('HEAD');
    repo.commit('an optional query parameter', (spec) =>
      spec.paths['/api/v1/user/log'].get.parameters.push({ name: 'since', in: 'query', required: false, schema: { type: 'string' } }),
    );
    repo.commit('a new response field', (spec) => (spec.components.schemas.Profile.properties.nickname = { type: 'string' }));

    const { code, out } = repo.diff();
    expect(out).toContain(`contract-diff: base ${short(base)}, where HEAD left origin/main`);
    expect(out).toMatch(/^0 breaking, 0 agreed, [1-9]\d* non-breaking/m);
    expect(out).toContain('OK: no breaking change.');
    expect(code).toBe(0);
  });

  it('sees a branch whole even when origin/main has moved on', () => {
    const repo = scratchRepo();
    const base = repo.git('rev-parse', 'HEAD');
    repo.git('switch', '--quiet', '-c', 'feature');
    repo.commit('an operation goes', removeSessionsDelete);
    repo.commit('a description', describeProfile);
    repo.git('switch', '--quiet', 'main');
    repo.commit('main moves on', (spec) => (spec.info.summary = 'Moved on.'));
    repo.upstreamAt('main');
    repo.git('switch', '--quiet', 'feature');

    const { code, out } = repo.diff();
    expect(out).toContain(`contract-diff: base ${short(base)}, where HEAD left origin/main`);
    expect(out).toContain('Breaking changes (1):');
    expect(code).toBe(1);
  });

  it('falls back to the previous commit when HEAD is origin/main (a CI clone of the commit under test), and says why', () => {
    const repo = scratchRepo();
    repo.commit('an operation goes', removeSessionsDelete);
    repo.commit('a description', describeProfile);
    repo.upstreamAt('HEAD');

    const { code, out } = repo.diff();
    expect(out).toContain('contract-diff: base HEAD~1, the previous commit: HEAD is already on origin/main (its tip, or behind it)');
    expect(out).toContain('Contract diff: openapi.yaml against openapi.yaml at HEAD~1');
    expect(out).toContain('OK: no breaking change.');
    expect(code).toBe(0);
  });

  it('falls back to the previous commit without an origin/main, and says why', () => {
    const repo = scratchRepo();
    repo.commit('an operation goes', removeSessionsDelete);

    const { code, out } = repo.diff();
    expect(out).toContain('contract-diff: base HEAD~1, the previous commit: there is no origin/main to compare with');
    expect(out).toContain('Breaking changes (1):');
    expect(code).toBe(1);
  });

  it('says there is nothing to compare on the first commit', () => {
    const repo = scratchRepo();
    repo.upstreamAt('HEAD');
    const { code, out } = repo.diff();
    expect(out).toContain('contract-diff: base HEAD~1, the previous commit: HEAD is already on origin/main');
    expect(out).toContain('contract-diff: nothing to compare: HEAD~1 does not exist (this is the first commit).');
    expect(code).toBe(0);
  });

  it('takes the base from CONTRACT_BASE, and --base over it', () => {
    const repo = scratchRepo();
    repo.upstreamAt('HEAD');
    repo.commit('a response field goes', removeFactorProfile);
    repo.commit('an operation goes', removeSessionsDelete);

    const fromEnv = repo.diff([], { CONTRACT_BASE: 'HEAD~1' });
    expect(fromEnv.out).toContain('contract-diff: base HEAD~1, given in CONTRACT_BASE.');
    expect(fromEnv.out).toContain('Breaking changes (1):');
    const fromOption = repo.diff(['--base', 'HEAD~2'], { CONTRACT_BASE: 'HEAD~1' });
    expect(fromOption.out).toContain('contract-diff: base HEAD~2, given with --base.');
    expect(fromOption.out).toContain(`Breaking changes (${1 + profilesRemoved(fromOption.out)}):`);
    const unknown = repo.diff([], { CONTRACT_BASE: 'no-such-branch' });
    expect(unknown.out).toContain('contract-diff: unknown git revision no-such-branch.');
    expect(unknown.code).toBe(2);
  });

  it('reports the base in the JSON too', () => {
    const repo = scratchRepo();
    const base = repo.git('rev-parse', 'HEAD');
    repo.upstreamAt('HEAD');
    repo.commit('an operation goes', removeSessionsDelete);
    const { code, out } = repo.diff(['--json']);
    expect(JSON.parse(out)).toMatchObject({
      base: `openapi.yaml at ${short(base)}`,
      baseWhy: expect.stringContaining('where HEAD left origin/main'),
      counts: { breaking: 1 },
    });
    expect(code).toBe(1);
  });
});

describe('agreed corrections over several commits', () => {
  // main's contract promised a response field the servers never send (rp.id); the branch says so.
  const promisedRpId = () => {
    const spec = parse(readFileSync('openapi.yaml', 'utf8'));
    spec.components.schemas.WebAuthnRelyingParty.required = ['id'];
    return spec;
  };
  const agreements = [
    '/api/v1/user/factor/enroll',
    '/api/v1/user/factor/enroll/phone',
    '/api/v1/user/factor/enroll/email',
    '/api/v1/user/factor/{factorId}/activate',
  ].map((path) => ({
    path: `paths.${path}.post.responses.200.content.application/json.schema.properties._embedded.properties.activation.properties.rp.required.0`,
    why: 'Okta sends no rp.id.',
  }));
  const correct = (spec: Spec) => {
    delete spec.components.schemas.WebAuthnRelyingParty.required;
    spec.info['x-agreed-response-corrections'] = agreements;
  };

  it('accepts the correction on the branch, and still once the branch is on main, where its entries agree to nothing', () => {
    const repo = scratchRepo(promisedRpId());
    repo.upstreamAt('HEAD');
    repo.commit('rp.id is not sent: agreed with the backend teams', correct);
    repo.commit('a description', describeProfile);

    // Before the push: the branch against main, the correction two commits back.
    const branch = repo.diff();
    expect(branch.out).toContain('where HEAD left origin/main');
    expect(branch.out).toContain('Corrections agreed with the backend teams (4):');
    expect(branch.out).toContain('0 breaking, 4 agreed');
    expect(branch.code).toBe(0);

    // After the push, CI's clone of the tip compares with the previous commit, which already
    // lists the entries: they agree to nothing there, fail nothing, and are named for removal.
    repo.upstreamAt('HEAD');
    const landed = repo.diff();
    expect(landed.out).toContain('base HEAD~1, the previous commit: HEAD is already on origin/main');
    expect(landed.out).toContain('Agreed corrections already listed at the base (4)');
    expect(landed.out).toContain('0 breaking, 0 agreed');
    expect(landed.code).toBe(0);

    // Removing them later is no change to judge.
    repo.commit('the agreements have done their work', (spec) => delete spec.info['x-agreed-response-corrections']);
    repo.upstreamAt('HEAD~1');
    const removed = repo.diff();
    expect(removed.out).toContain('OK: no breaking change.');
    expect(removed.code).toBe(0);
  });

  it('still fails a branch that drops the entries before the correction has landed', () => {
    const repo = scratchRepo(promisedRpId());
    repo.upstreamAt('HEAD');
    repo.commit('rp.id is not sent: agreed with the backend teams', correct);
    repo.commit('too early', (spec) => delete spec.info['x-agreed-response-corrections']);
    const { code, out } = repo.diff();
    expect(out).toContain('Breaking changes (4):');
    expect(code).toBe(1);
  });

  it('never lets an entry carried from the base agree to a new change', () => {
    // main already lists the entries (for a correction that landed); the branch brings the
    // same change again (rp.id promised on main, dropped here).
    const main = promisedRpId();
    main.info['x-agreed-response-corrections'] = agreements;
    const repo = scratchRepo(main);
    repo.upstreamAt('HEAD');
    repo.commit('rp.id dropped again', (spec) => delete spec.components.schemas.WebAuthnRelyingParty.required);
    const { code, out } = repo.diff();
    expect(out).toContain('Breaking changes (4):');
    expect(out).toContain('Agreed corrections already listed at the base (4)');
    expect(code).toBe(1);
  });

  it('fails an entry added on the branch that matches no change (stale)', () => {
    const repo = scratchRepo();
    repo.upstreamAt('HEAD');
    repo.commit('an agreement for nothing', (spec) => (spec.info['x-agreed-response-corrections'] = agreements.slice(0, 1)));
    repo.commit('a description', describeProfile);
    const { code, out } = repo.diff();
    expect(out).toContain('Stale agreed corrections, which match no change of this diff (1)');
    expect(code).toBe(1);
  });
});

describe('chooseBase', () => {
  const upstream = 'origin/main';
  it.each<[string, Parameters<typeof chooseBase>[0], { revision: string; asked: boolean }]>([
    ['--base first', { option: 'v1', env: 'v2', upstream, upstreamExists: true, head: 'a', mergeBase: 'b' }, { revision: 'v1', asked: true }],
    ['then CONTRACT_BASE', { env: 'v2', upstream, upstreamExists: true, head: 'a', mergeBase: 'b' }, { revision: 'v2', asked: true }],
    ['then the merge base', { upstream, upstreamExists: true, head: 'a', mergeBase: 'b' }, { revision: 'b', asked: true }],
    ['HEAD~1 when HEAD is on the upstream', { upstream, upstreamExists: true, head: 'a', mergeBase: 'a' }, { revision: 'HEAD~1', asked: false }],
    ['HEAD~1 without a common commit', { upstream, upstreamExists: true, head: 'a' }, { revision: 'HEAD~1', asked: false }],
    ['HEAD~1 without an upstream', { upstream, upstreamExists: false }, { revision: 'HEAD~1', asked: false }],
  ])('%s', (_, facts, expected) => {
    const choice = chooseBase(facts);
    expect(choice).toMatchObject(expected);
    expect(choice.why).toBeTruthy();
  });
});
