// The two doors, `npm test` and `npm run test:all` (tools/scripts/gate.ts), over steps of the test's own: an npm stand-in answers each
// `npm run <step>` as the test says, and writes the suites' JUnit reports when told to.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKS, NOT_DONE, SUITES } from './gate.ts';

/** What the stand-in does for one step: what it prints, which file it writes, how it exits. */
interface Plan {
  say?: string;
  writes?: string;
  exit?: number;
}

const STAND_IN = `
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
const plan = JSON.parse(process.env.GATE_PLAN)[process.argv[3]] ?? {};
if (plan.say) console.log(plan.say);
if (plan.writes) {
  mkdirSync(dirname(plan.writes), { recursive: true });
  writeFileSync(plan.writes, '<testsuites/>');
}
process.exit(plan.exit ?? 0);
`;

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder to run the gate in, with the npm stand-in. */
function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-gate-'));
  folders.push(dir);
  writeFileSync(join(dir, 'npm-stand-in.mjs'), STAND_IN);
  return dir;
}

/** Every suite writing its report (under both doors' script names), and `changes` over that. */
const plan = (changes: Record<string, Plan> = {}): Record<string, Plan> => ({
  ...Object.fromEntries(SUITES.flatMap((suite) => [suite.name, `${suite.name}:all`].map((name) => [name, { writes: suite.junit }]))),
  ...changes,
});

function gate(dir: string, steps: Record<string, Plan>, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const required = args.includes('--audit-required');
  const environment: NodeJS.ProcessEnv = { ...process.env, CI: '1' };
  delete environment.AUDIT_REQUIRED;
  const child = spawn(process.execPath, [resolve('tools/scripts/gate.ts'), ...args.filter((arg) => arg !== '--audit-required')], {
    cwd: dir,
    env: {
      ...environment,
      npm_execpath: join(dir, 'npm-stand-in.mjs'),
      GATE_PLAN: JSON.stringify(steps),
      ...(required ? { AUDIT_REQUIRED: '1' } : {}),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise((done) => child.on('close', (code) => done({ code, output })));
}

const STEPS = CHECKS.length + SUITES.length;
const EVERYDAY = [...CHECKS, ...SUITES].filter((step) => !step.all);
/** The steps `npm run` was asked for, in the order it was asked. */
const ran = (output: string) => [...output.matchAll(/^=== npm run (\S+)$|^=== npm run (\S+) \(started/gm)].map((m) => m[1] ?? m[2]);

describe('npm test, the everyday door', () => {
  it('runs the everyday steps only, each suite in its everyday form', async () => {
    const { code, output } = await gate(workspace(), plan());
    expect(output).toMatch(new RegExp(`^npm test: all ${EVERYDAY.length} steps passed in [\\d.]+ s:$`, 'm'));
    expect(ran(output).sort()).toEqual(EVERYDAY.map((step) => step.name).sort());
    expect(output).toContain(
      `JUnit reports: ${SUITES.filter((suite) => !suite.all)
        .map((suite) => suite.junit)
        .join(', ')}`,
    );
    expect(code).toBe(0);
  });
});

describe('npm run test:all, the door CI takes', () => {
  it('runs every check and every suite whole, and names the JUnit reports the suites wrote', async () => {
    const { code, output } = await gate(workspace(), plan(), '--all');
    expect(output).toMatch(new RegExp(`^npm run test:all: all ${STEPS} steps passed in [\\d.]+ s:$`, 'm'));
    expect(ran(output).sort()).toEqual(
      [...CHECKS.map((step) => step.name), ...SUITES.map((suite) => (suite.all ? suite.name : `${suite.name}:all`))].sort(),
    );
    expect(output).toContain(`JUnit reports: ${SUITES.map((suite) => suite.junit).join(', ')}`);
    expect(code).toBe(0);
  });

  it('fails where every step must run (AUDIT_REQUIRED) when the audit could not, naming it NOT DONE', async () => {
    const why = "audit: NOT DONE, the registry's advisory service did not answer (405 Method Not Allowed)";
    const { code, output } = await gate(workspace(), plan({ 'audit:production': { say: why, exit: NOT_DONE } }), '--all', '--audit-required');
    expect(output).toContain(why);
    expect(output).toMatch(
      /^npm run test:all: 'audit:production' could not do its work \(NOT DONE\), which AUDIT_REQUIRED never takes for passed after [\d.]+ s\.$/m,
    );
    expect(output).not.toMatch(/steps passed/);
    expect(code).toBe(1);
  });

  it('elsewhere (this CI: its registry refuses the advisory service), names an audit that could not run as NOT DONE in its summary, never as passed', async () => {
    const why = "audit: NOT DONE, the registry's advisory service did not answer (405 Method Not Allowed)";
    const { code, output } = await gate(workspace(), plan({ 'audit:production': { say: why, exit: NOT_DONE } }), '--all');
    const summary = output.split('\n').find((line) => line.startsWith('npm run test:all:'));
    expect(summary).toMatch(new RegExp(`^npm run test:all: ${STEPS - 1} of ${STEPS} steps passed in [\\d.]+ s; NOT DONE: audit:production \\(`));
    expect(summary).toContain(`(${why})`);
    expect(output).toMatch(/^ {2}audit:production +[\d.]+ s {2}NOT DONE$/m);
    expect(output).not.toMatch(/all \d+ steps passed/);
    expect(code).toBe(0);
  });
});

describe('either door', () => {
  it('fails when a suite passes without writing its JUnit report, or leaves only an old one', async () => {
    const e2e = SUITES.find((suite) => suite.name === 'test:e2e')!;
    const missing = await gate(workspace(), plan({ 'test:e2e': {} }));
    expect(missing.output).toContain(`npm test: 'test:e2e' wrote no JUnit report at ${e2e.junit}`);
    expect(missing.code).toBe(1);

    const dir = workspace();
    mkdirSync(join(dir, 'test-results/junit'), { recursive: true });
    writeFileSync(join(dir, e2e.junit), '<testsuites/>');
    utimesSync(join(dir, e2e.junit), new Date('2026-01-01'), new Date('2026-01-01'));
    const old = await gate(dir, plan({ 'test:e2e': {} }));
    expect(old.output).toContain(`'test:e2e' wrote no JUnit report at ${e2e.junit}`);
    expect(old.code).toBe(1);
  });

  it('stops at a failing step', async () => {
    const { code, output } = await gate(workspace(), plan({ lint: { say: 'lint: 1 problem', exit: 1 } }));
    expect(output).toContain("npm test: 'lint' failed (exit 1)");
    expect(output).not.toContain('=== npm run test:unit');
    expect(code).toBe(1);
  });
});
