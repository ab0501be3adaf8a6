import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { versionProblems } from '../deploy/version-check.ts';
import { buildIdentity, versionJson } from './version-json.ts';

const SHA = 'a'.repeat(40);
const now = new Date('2026-11-23T10:20:30.456Z');

describe('buildIdentity', () => {
  it('names the commit, clean when git status has nothing to say', () => {
    expect(buildIdentity({ head: `${SHA}\n`, status: '' }, now)).toEqual({ commit: SHA, dirty: false, builtAt: '2026-11-23T10:20:30.456Z' });
  });

  it('is dirty with any uncommitted change, or when the status could not be read', () => {
    expect(buildIdentity({ head: SHA, status: ' M src/main.tsx\n?? notes.txt\n' }, now).dirty).toBe(true);
    expect(buildIdentity({ head: SHA, status: undefined }, now).dirty).toBe(true);
  });

  it('says "unknown" outside git, or for anything that is not a full commit id', () => {
    for (const head of [undefined, '', 'fatal: not a git repository', 'abc123'])
      expect(buildIdentity({ head, status: undefined }, now)).toEqual({ commit: 'unknown', dirty: false, builtAt: now.toISOString() });
  });

  it('always writes what check-build accepts', () => {
    expect(versionProblems(buildIdentity({ head: SHA, status: '' }, now))).toEqual([]);
    expect(versionProblems(buildIdentity({}, now))).toEqual([]);
  });
});

describe('versionProblems (what tools/deploy/check-build.ts checks)', () => {
  it.each<[string, unknown, string]>([
    ['not an object', ['x'], 'not a JSON object'],
    ['a short commit', { commit: 'abc1234', dirty: false, builtAt: now.toISOString() }, 'commit'],
    ['dirty as a string', { commit: SHA, dirty: 'no', builtAt: now.toISOString() }, 'dirty'],
    ['a local time', { commit: SHA, dirty: false, builtAt: '2026-11-23 10:20' }, 'builtAt'],
    ['an extra field', { commit: SHA, dirty: false, builtAt: now.toISOString(), token: 'x' }, 'unexpected fields: token'],
  ])('refuses %s', (_, value, problem) => {
    expect(versionProblems(value).join('; ')).toContain(problem);
  });
});

describe('the plugin in a real vite build', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /**
   * Builds a one-file project in a fresh folder: `git` makes it a checkout with one commit,
   * `edited` changes the file after that commit.
   */
  async function buildProject({ git, edited = false }: { git: boolean; edited?: boolean }) {
    const dir = mkdtempSync(join(tmpdir(), 'version-json-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>x</title><script type="module" src="./main.js"></script>');
    writeFileSync(join(dir, 'main.js'), 'document.title = "built";\n');
    const run = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim();
    if (git) {
      run('init', '--quiet');
      run('add', '.');
      run('-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', 'commit', '--quiet', '-m', 'first');
    }
    if (edited) writeFileSync(join(dir, 'main.js'), 'document.title = "edited";\n');
    const output = await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      plugins: [versionJson()],
      build: { write: false, outDir: join(dir, 'dist') },
    });
    const outputs = (Array.isArray(output) ? output : [output]).flatMap((result) => ('output' in result ? result.output : []));
    const file = outputs.find((item) => item.fileName === 'version.json');
    return { json: file && 'source' in file ? JSON.parse(String(file.source)) : undefined, head: git ? run('rev-parse', 'HEAD') : undefined };
  }

  it('writes version.json naming HEAD of a clean checkout', async () => {
    const { json, head } = await buildProject({ git: true });
    expect(json).toEqual({ commit: head, dirty: false, builtAt: expect.any(String) });
    expect(versionProblems(json)).toEqual([]);
  }, 30_000);

  it('says it is dirty when a file changed after the commit', async () => {
    const { json, head } = await buildProject({ git: true, edited: true });
    expect(json).toMatchObject({ commit: head, dirty: true });
  }, 30_000);

  it('says "unknown" outside git', async () => {
    const { json } = await buildProject({ git: false });
    expect(json).toMatchObject({ commit: 'unknown', dirty: false });
  }, 30_000);
});
