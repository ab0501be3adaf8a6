// `npm test`: the whole gate, each step one of the package's own scripts. Stops at the first
// failure and prints how long each step took.
//
// The CI machine has two cores. The checks before the tests are each one single-threaded
// process, so they run two at a time (three with the audit, which mostly waits on the
// registry); each one's output is printed whole when it ends. The test suites spread their own
// work over both cores, so they run one after another with their output as it comes.
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  /** Steps that must have passed first. */
  after?: string[];
  /** Waits on the network, not the processor: it does not take one of the two places. */
  waits?: boolean;
}

/** Checks that run side by side, in the order that fails fastest. */
const CHECKS: Step[] = [
  { name: 'audit:production', waits: true },
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
  { name: 'docs' },
];
/** Then, one at a time. */
const SUITES = ['test:unit', 'test:e2e', 'test:engines'];
const PLACES = 2;

// The npm that runs the gate runs its steps too (npm sets npm_execpath for its scripts).
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const started = Date.now();
const times: string[] = [];

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  took: string;
}

/** Runs `npm run <name>`; its output goes to this terminal as it comes, or is kept when `quiet`. */
function run(name: string, quiet: boolean): Promise<Outcome> {
  const stepStarted = Date.now();
  const child = spawn(npm[0]!, [...npm.slice(1), 'run', name], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const took = seconds(stepStarted);
      times.push(`  ${name.padEnd(18)} ${took.padStart(8)}`);
      resolve({ code, signal, output, took });
    });
  });
}

function fail(name: string, outcome: Outcome): never {
  console.error(`\nnpm test: '${name}' failed (exit ${outcome.code ?? outcome.signal}) after ${outcome.took}.`);
  process.exit(outcome.code || 1);
}

async function checks() {
  const waiting = [...CHECKS];
  const passed = new Set<string>();
  const running = new Map<string, Promise<{ step: Step; outcome: Outcome }>>();
  let failed: { name: string; outcome: Outcome } | undefined;
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
    console.log(`\n=== npm run ${step.name}: ${outcome.took}${outcome.code === 0 ? '' : ', FAILED'}`);
    process.stdout.write(outcome.output);
    if (outcome.code === 0) passed.add(step.name);
    else failed ??= { name: step.name, outcome };
  }
  if (failed) fail(failed.name, failed.outcome);
}

await checks();
for (const name of SUITES) {
  console.log(`\n=== npm run ${name}`);
  const outcome = await run(name, false);
  if (outcome.code !== 0) fail(name, outcome);
  console.log(`=== ${name}: ${outcome.took}`);
}
const steps = CHECKS.length + SUITES.length;
console.log(`\nnpm test: all ${steps} steps passed in ${seconds(started)}:\n${times.join('\n')}`);
