// The two doors: `npm test` (the everyday run) and `npm run test:all` (`--all`: everything, what
// CI runs). Each step is one of the package's own scripts. Stops at the first failure and prints
// how long each step took.
//
// The CI machine has two cores. The checks before the tests are each one single-threaded
// process, so they run two at a time (three with the audit, which mostly waits on the
// registry); each one's output is printed whole when it ends. The test suites spread their own
// work over both cores, so they run one after another with their output as it comes.
//
// A step that could not do its work (the audit, when the registry's advisory service does not
// answer) exits with NOT_DONE and says why on a line with "NOT DONE": the summary names it as
// not done, never as passed, and where every step must run (AUDIT_REQUIRED set: a CI whose
// registry answers the advisory service) it fails the gate. Each suite writes a JUnit
// report for CI to show; one that passes without writing its report fails the gate.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';

interface Step {
  name: string;
  /** Steps that must have passed first. */
  after?: string[];
  /** Waits on the network, not the processor: it does not take one of the two places. */
  waits?: boolean;
  /** Only behind the second door (`--all`). */
  all?: boolean;
}

/** Checks that run side by side, in the order that fails fastest. */
export const CHECKS: Step[] = [
  { name: 'audit:production', waits: true, all: true },
  { name: 'typecheck' },
  { name: 'lint' },
  { name: 'lint:dependencies' },
  { name: 'format:check' },
  { name: 'lint:contract' },
  { name: 'contract:diff' },
  { name: 'generate:check' },
  // The build rewrites src/routeTree.gen.ts (the router plugin), which these two read.
  { name: 'build', after: ['typecheck', 'generate:check'] },
  { name: 'check:build', after: ['build'] },
  { name: 'check:size', after: ['build'] },
  { name: 'docs', all: true },
];
/**
 * Then, one at a time, each with the JUnit report it writes (see each one's configuration). The
 * second door runs each suite whole (`:all`): the unit tests of the tools the teams around the
 * portal use, the attacker's table and the stack around the app, and the three engines.
 */
export const SUITES: Array<{ name: string; junit: string; all?: boolean }> = [
  { name: 'test:unit', junit: 'test-results/junit/unit.xml' },
  { name: 'test:e2e', junit: 'test-results/junit/e2e.xml' },
  { name: 'test:engines', junit: 'test-results/junit/engines.xml', all: true },
];
const PLACES = 2;
/** The exit code of a step that could not do its work: automake's and TAP's "skipped". */
export const NOT_DONE = 77;

// The npm that runs the gate runs its steps too (npm sets npm_execpath for its scripts).
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };
/**
 * Where every step must do its work: a step not done fails the gate. A CI whose registry answers
 * npm's advisory service sets it; this project's own CI cannot (its registry refuses the audit's
 * request, 405), and there the summary names the audit NOT DONE (.ci/run).
 */
const EVERY_STEP = Boolean(process.env.AUDIT_REQUIRED);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** `--all`: the second door. */
const ALL = process.argv.includes('--all');
const checksToRun = CHECKS.filter((step) => ALL || !step.all);
/** A suite's script; behind the second door its whole version (`test:unit:all`), where there is one. */
const suitesToRun = SUITES.filter((suite) => ALL || !suite.all).map((suite) => ({
  ...suite,
  script: ALL && !suite.all ? `${suite.name}:all` : suite.name,
}));

const started = Date.now();
const times: { name: string; took: string }[] = [];
/** The steps that could not do their work, each with its own words on why. */
const notDone: { name: string; why: string }[] = [];

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  took: string;
  startedAt: number;
}

/** Runs `npm run <name>`; its output goes to this terminal as it comes, or is kept when `quiet`. */
function run(name: string, quiet: boolean): Promise<Outcome> {
  const startedAt = Date.now();
  const child = spawn(npm[0]!, [...npm.slice(1), 'run', name], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const took = seconds(startedAt);
      times.push({ name, took });
      resolve({ code, signal, output, took, startedAt });
    });
  });
}

function fail(name: string, outcome: Outcome, why = `failed (exit ${outcome.code ?? outcome.signal})`): never {
  console.error(`\n${door}: '${name}' ${why} after ${outcome.took}.`);
  process.exit(outcome.code || 1);
}

/** A check that exited NOT_DONE, with the line where it said why (its last words otherwise). */
function noteNotDone(name: string, output: string) {
  const lines = output.split('\n').filter((line) => line.trim());
  notDone.push({ name, why: (lines.find((line) => line.includes('NOT DONE')) ?? lines.at(-1) ?? 'no reason given').trim() });
}

async function checks() {
  const waiting = [...checksToRun];
  const passed = new Set<string>();
  const running = new Map<string, Promise<{ step: Step; outcome: Outcome }>>();
  let failed: { name: string; outcome: Outcome; why?: string } | undefined;
  const busy = () => [...running.keys()].filter((name) => !CHECKS.find((step) => step.name === name)?.waits).length;

  while (waiting.length > 0 || running.size > 0) {
    // Start what may start: in order, while a place is free, once what it needs has passed.
    while (!failed) {
      const next = waiting.findIndex((step) => (step.waits || busy() < PLACES) && (step.after ?? []).every((name) => passed.has(name)));
      if (next < 0) break;
      const [step] = waiting.splice(next, 1) as [Step];
      console.log(`=== npm run ${step.name} (started at ${seconds(started)})`);
      running.set(
        step.name,
        run(step.name, true).then((outcome) => ({ step, outcome })),
      );
    }
    if (running.size === 0) break;
    const { step, outcome } = await Promise.race(running.values());
    running.delete(step.name);
    const state = outcome.code === 0 ? '' : outcome.code === NOT_DONE ? ', NOT DONE' : ', FAILED';
    console.log(`\n=== npm run ${step.name}: ${outcome.took}${state}`);
    process.stdout.write(outcome.output);
    if (outcome.code === 0) passed.add(step.name);
    else if (outcome.code === NOT_DONE && !EVERY_STEP) noteNotDone(step.name, outcome.output);
    else if (outcome.code === NOT_DONE)
      failed ??= {
        name: step.name,
        outcome: { ...outcome, code: 1 },
        why: 'could not do its work (NOT DONE), which AUDIT_REQUIRED never takes for passed',
      };
    else failed ??= { name: step.name, outcome };
  }
  if (failed) fail(failed.name, failed.outcome, failed.why);
}

/** Runs each suite in turn; one that fails, or passes without writing its JUnit report, stops the gate. */
async function suites() {
  for (const { script: name, junit } of suitesToRun) {
    console.log(`\n=== npm run ${name}`);
    const outcome = await run(name, false);
    if (outcome.code !== 0) fail(name, outcome);
    const written = statSync(junit, { throwIfNoEntry: false });
    if (!written || written.mtimeMs < outcome.startedAt) fail(name, { ...outcome, code: 1 }, `wrote no JUnit report at ${junit}`);
    console.log(`=== ${name}: ${outcome.took}`);
  }
}

const door = ALL ? 'npm run test:all' : 'npm test';

function summary(): string {
  const steps = checksToRun.length + suitesToRun.length;
  const table = times.map(
    ({ name, took }) => `  ${name.padEnd(18)} ${took.padStart(8)}${notDone.some((step) => step.name === name) ? '  NOT DONE' : ''}`,
  );
  const reports = `JUnit reports: ${suitesToRun.map((suite) => suite.junit).join(', ')}`;
  if (notDone.length === 0) return `${door}: all ${steps} steps passed in ${seconds(started)}:\n${table.join('\n')}\n${reports}`;
  const undone = notDone.map((step) => `${step.name} (${step.why})`).join('; ');
  return `${door}: ${steps - notDone.length} of ${steps} steps passed in ${seconds(started)}; NOT DONE: ${undone}\n${table.join('\n')}\n${reports}`;
}

if (import.meta.main) {
  await checks();
  await suites();
  console.log(`\n${summary()}`);
}
