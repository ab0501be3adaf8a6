// Checks the production build: development-only code (the contract drift report) is not in it.
import { readdirSync, readFileSync } from 'node:fs';

const assets = readdirSync('dist/assets').filter((name) => name.endsWith('.js'));
const leaking = assets.filter((name) => readFileSync(`dist/assets/${name}`, 'utf8').includes('[contract drift]'));
if (assets.length === 0) {
  console.error('check-build: no JavaScript in dist/assets; run `vite build` first');
  process.exit(1);
}
if (leaking.length > 0) {
  console.error(`check-build: development-only drift report found in ${leaking.join(', ')}`);
  process.exit(1);
}
console.log(`check-build: ${assets.length} scripts, none with development-only code`);
