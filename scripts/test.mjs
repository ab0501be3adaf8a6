// `npm test`: the whole gate, in the order that fails fastest. Stops at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['type-check', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'eslint', ['--max-warnings', '0', '.']],
  ['contract lint (Spectral)', 'spectral', ['lint', '--fail-severity=warn', 'openapi.yaml']],
  ['contract lint (Redocly)', 'redocly', ['lint', 'openapi.yaml']],
  ['contract: no breaking change against the previous commit (api-smart-diff)', 'node', ['scripts/contract-diff.mjs']],
  ['generated code is fresh', 'node', ['scripts/check-generated.mjs']],
  ['production dependencies: no high or critical advisory (npm audit)', 'node', ['scripts/audit.mjs']],
  ['unit and component tests', 'vitest', ['run']],
  ['production build', 'vite', ['build']],
  ['production build: no development-only code, compressed copies intact', 'node', ['scripts/check-build.mjs']],
  ['size budgets', 'node', ['scripts/check-size.mjs']],
  ['API reference (offline HTML)', 'redocly', ['build-docs', 'openapi.yaml', '--inlineBundle', '--title', 'University Account Portal API', '-o', 'dist-docs/api.html']],
  ['end-to-end tests (Chromium)', 'playwright', ['test']],
];

const started = Date.now();
for (const [title, command, args] of steps) {
  console.log(`\n=== ${title}`);
  const bin = command === 'node' ? process.execPath : `node_modules/.bin/${command}`;
  const run = spawnSync(bin, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  if (run.status !== 0) {
    console.error(`\nnpm test: '${title}' failed (exit ${run.status ?? run.signal}).`);
    process.exit(run.status || 1);
  }
}
console.log(`\nnpm test: all ${steps.length} steps passed in ${Math.round((Date.now() - started) / 1000)} s.`);
