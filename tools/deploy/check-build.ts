// Checks the production build: its config.json can ship (config-check.ts), development-only code (the contract drift report, the mock
// answers panel of src/dev/) is not in it, index.html loads nothing but the page's first code (src/boot.ts) and names the app's
// files for it to prefetch (tools/vite-plugins/prefetch-app.ts), every precompressed copy
// (tools/deploy/precompressed.ts, written by vite-plugin-compression2) holds exactly its original, and version.json names the build
// (tools/vite-plugins/version-json.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { Manifest } from 'vite';
import { ENCODINGS, PRECOMPRESSED } from './precompressed.ts';
import { APP_ENTRY } from '../vite-plugins/chunk-groups.ts';
import { configProblems } from './config-check.ts';
import { APP_FILES_META } from '../vite-plugins/prefetch-app.ts';
import type { BuildIdentity } from '../vite-plugins/version-json.ts';
import { versionProblems } from './version-check.ts';

const assets = readdirSync('dist/assets');
const scripts = assets.filter((name) => name.endsWith('.js'));
if (scripts.length === 0) {
  console.error('check-build: no JavaScript in dist/assets; run `vite build` first');
  process.exit(1);
}
const problems: string[] = [];
const leaking = scripts.filter((name) => readFileSync(`dist/assets/${name}`, 'utf8').includes('[contract drift]'));
if (leaking.length > 0) problems.push(`development-only drift report found in ${leaking.join(', ')}`);
// The mock answers panel (src/dev/) is mounted only under import.meta.env.DEV.
const panel = scripts.filter((name) => /__mock\/examples|Mock answers/.test(readFileSync(`dist/assets/${name}`, 'utf8')));
if (panel.length > 0) problems.push(`development-only mock answers panel found in ${panel.join(', ')}`);

// The settings the build carries: the dev stack's pass only marked as such (config-check.ts).
const config = readFileSync('dist/config.json', 'utf8');
const configIssues = configProblems(config);
problems.push(...configIssues.map((problem) => `dist/config.json cannot ship: ${problem}`));
// Read only once it has passed: a file that is not JSON, or not an object, is one of the problems above.
const devConfig = configIssues.length === 0 && (JSON.parse(config) as { dev?: unknown }).dev === true;

// The page decides before it loads the app: one script, no preloads, no styles.
const html = readFileSync('dist/index.html', 'utf8');
const manifest: Manifest = JSON.parse(readFileSync('dist/.vite/manifest.json', 'utf8'));
const firstCode = manifest['index.html'];
const loaded = [...html.matchAll(/<script\b[^>]*>|<link\b[^>]*rel="(?:modulepreload|stylesheet|preload)"[^>]*>/g)].map(([tag]) => tag);
const expected = [`<script type="module" crossorigin src="/${firstCode?.file}">`, '<link rel="preload" href="/config.json"'];
if (!firstCode?.isEntry) problems.push('the manifest has no entry for index.html');
else if (firstCode.imports?.length || firstCode.css?.length)
  problems.push(`the first code imports other files: ${[...(firstCode.imports ?? []), ...(firstCode.css ?? [])].join(', ')}`);
if (loaded.length !== expected.length || !expected.every((start) => loaded.some((tag) => tag.startsWith(start))))
  problems.push(`index.html must load only the first code and config.json, and loads: ${loaded.join(' ')}`);
const named = html.match(new RegExp(`<meta name="${APP_FILES_META}" content="([^"]*)"`))?.[1]?.split(' ') ?? [];
const app = manifest[APP_ENTRY]?.file;
if (!app || !named.includes(`/${app}`)) problems.push(`index.html does not name the app (${app ?? 'not built'}) among the files to prefetch`);
for (const file of named.filter((name) => !existsSync(`dist${name}`)))
  problems.push(`index.html names ${file} to prefetch, which the build does not have`);

const holds = (decompress: (bytes: Buffer) => Buffer, copy: Buffer, original: Buffer) => {
  try {
    return decompress(copy).equals(original);
  } catch {
    return false; // not even readable as that encoding
  }
};
let copies = 0;
for (const name of assets.filter((file) => !Object.values(ENCODINGS).some((e) => file.endsWith(e.suffix)))) {
  const path = `dist/assets/${name}`;
  if (!PRECOMPRESSED.include.test(`assets/${name}`) || statSync(path).size < PRECOMPRESSED.threshold) continue;
  const original = readFileSync(path);
  for (const { suffix, decompress } of Object.values(ENCODINGS)) {
    const copy = path + suffix;
    if (!existsSync(copy)) problems.push(`${copy} is missing`);
    else if (!holds(decompress, readFileSync(copy), original)) problems.push(`${copy} does not hold ${name}`);
    else copies += 1;
  }
}
let identity: BuildIdentity | undefined;
if (!existsSync('dist/version.json')) problems.push('dist/version.json is missing');
else {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync('dist/version.json', 'utf8'));
  } catch (error) {
    problems.push(`dist/version.json is not JSON: ${error instanceof Error ? error.message : error}`);
  }
  const wrong = parsed === undefined ? [] : versionProblems(parsed);
  problems.push(...wrong.map((problem) => `dist/version.json: ${problem}`));
  if (parsed !== undefined && !wrong.length) identity = parsed as BuildIdentity;
}
if (problems.length > 0) {
  console.error(`check-build:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `check-build: ${scripts.length} scripts, none with development-only code; index.html loads only ${firstCode?.file} and names ${named.length} files to prefetch; ${copies} precompressed copies match their originals; ` +
    `version.json names ${identity?.commit}${identity?.dirty ? ' (with uncommitted changes)' : ''}, built ${identity?.builtAt}; ` +
    (devConfig ? "config.json is the dev stack's (marked dev): a deployment replaces it" : 'config.json passes'),
);
