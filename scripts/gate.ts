// `npm test`: the whole gate, each step one of the package's own scripts, in the order that
// fails fastest. Stops at the first failure and prints how long each step took.
import { spawnSync } from 'node:child_process';

const STEPS = [
  'typecheck',
  'lint',
  'format:check',
  'lint:contract',
  'contract:diff',
  'generate:check',
  'audit:production',
  'test:unit',
  'build',
  'check:build',
  'check:size',
  'docs',
  'test:e2e',
  'test:engines',
];

// The npm that runs the gate runs its steps too (npm sets npm_execpath for its scripts).
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const env = { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' };
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const started = Date.now();
const times: string[] = [];
for (const step of STEPS) {
  console.log(`\n=== npm run ${step}`);
  const stepStarted = Date.now();
  const run = spawnSync(npm[0]!, [...npm.slice(1), 'run', step], { stdio: 'inherit', env });
  times.push(`  ${step.padEnd(18)} ${seconds(stepStarted).padStart(8)}`);
  if (run.status !== 0) {
    console.error(`\nnpm test: '${step}' failed (exit ${run.status ?? run.signal}) after ${seconds(stepStarted)}.`);
    process.exit(run.status || 1);
  }
  console.log(`=== ${step}: ${seconds(stepStarted)}`);
}
console.log(`\nnpm test: all ${STEPS.length} steps passed in ${seconds(started)}:\n${times.join('\n')}`);
