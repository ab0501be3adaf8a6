// Checks the production build: development-only code (the contract drift report) is not in
// it, and every precompressed copy (deploy/precompress.mjs) holds exactly its original.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { shouldPrecompress } from '../deploy/precompress.mjs';

const assets = readdirSync('dist/assets');
const scripts = assets.filter((name) => name.endsWith('.js'));
if (scripts.length === 0) {
  console.error('check-build: no JavaScript in dist/assets; run `vite build` first');
  process.exit(1);
}
const problems = [];
const leaking = scripts.filter((name) => readFileSync(`dist/assets/${name}`, 'utf8').includes('[contract drift]'));
if (leaking.length > 0) problems.push(`development-only drift report found in ${leaking.join(', ')}`);

const decompress = { br: brotliDecompressSync, gz: gunzipSync };
const holds = (inflate, copy, original) => {
  try {
    return inflate(copy).equals(original);
  } catch {
    return false; // not even readable as that encoding
  }
};
let copies = 0;
for (const name of assets.filter((file) => !/\.(br|gz)$/.test(file))) {
  const path = `dist/assets/${name}`;
  if (!shouldPrecompress(`assets/${name}`, statSync(path).size)) continue;
  const original = readFileSync(path);
  for (const [suffix, inflate] of Object.entries(decompress)) {
    if (!existsSync(`${path}.${suffix}`)) problems.push(`${path}.${suffix} is missing`);
    else if (!holds(inflate, readFileSync(`${path}.${suffix}`), original)) problems.push(`${path}.${suffix} does not hold ${name}`);
    else copies += 1;
  }
}
if (problems.length > 0) {
  console.error(`check-build:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`check-build: ${scripts.length} scripts, none with development-only code; ${copies} precompressed copies match their originals`);
