import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

// The build's own plugins are machinery the ecosystem's parts could replace (the router's code
// splitting, a maintained plugin): they keep to 400 lines, counted as `npm run sizes` counts, so
// that one more plugin means one fewer elsewhere, or a figure in docs/performance.md that says why.
const LEASE = 400;

it(`tools/vite-plugins/ keeps to its ${LEASE} lines, tests aside`, () => {
  const folder = new URL('.', import.meta.url);
  const code = readdirSync(folder).filter((file) => /\.ts$/.test(file) && !/\.test\.ts$/.test(file));
  const lines = code.reduce((sum, file) => sum + readFileSync(new URL(file, folder), 'utf8').split('\n').length - 1, 0);
  expect(code.length).toBeGreaterThan(0);
  expect(lines, code.join(', ')).toBeLessThanOrEqual(LEASE);
});
