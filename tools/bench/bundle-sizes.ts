// What each route of the production build makes the browser download, read from Vite's
// manifest (`build.manifest: true` writes dist/.vite/manifest.json). Used by the size budget
// check (check-size.ts) and by `npm run bench`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from 'vite';
import { ENCODINGS } from '../deploy/precompressed.ts';

const gzip = ENCODINGS.gzip.compress;
const brotli = ENCODINGS.br.compress;

const ROUTE_CHUNK = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

/** Bytes of JavaScript and of CSS: as built, and as gzip and brotli send them. */
export interface Sizes {
  js: { raw: number; gzip: number; brotli: number };
  css: { raw: number; gzip: number; brotli: number };
}

/** The route file of a manifest key, as a path: `_authenticated/profile/details`. */
function routeOf(key: string): string | undefined {
  return key.match(ROUTE_CHUNK)?.[1];
}

/** Every file a set of manifest keys loads through static imports, with their CSS. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle-sizes: ${key} is not in the manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return files;
}

/** The keys of a set of chunks and of everything they import statically. */
function staticKeys(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const child of chunk.imports ?? []) visit(child);
  };
  keys.forEach(visit);
  return seen;
}

/** The route chunks a page's match loads: its own and each layout above it. */
function routeChain(manifest: Manifest, route: string): string[] {
  const parts = route.split('/');
  const chain: string[] = [];
  for (let i = 1; i <= parts.length; i += 1) {
    const key = `src/routes/${parts.slice(0, i).join('/')}.tsx?tsr-split=component`;
    if (manifest[key]) chain.push(key);
  }
  return chain;
}

function measure(dist: string, files: Iterable<string>): Sizes {
  const sum: Sizes = { js: { raw: 0, gzip: 0, brotli: 0 }, css: { raw: 0, gzip: 0, brotli: 0 } };
  for (const file of files) {
    const kind = file.endsWith('.css') ? 'css' : file.endsWith('.js') ? 'js' : undefined;
    if (!kind) continue;
    const bytes = readFileSync(join(dist, file));
    sum[kind].raw += bytes.length;
    // At the levels of the copies production sends (tools/deploy/precompressed.ts).
    sum[kind].gzip += gzip(bytes).length;
    sum[kind].brotli += brotli(bytes).length;
  }
  return sum;
}

export const FIRST_PAGE = '_authenticated/profile/details';

export interface RouteSizes {
  /** What a load fetches before it decides (index.html's entry), and with it what leaving for sign-in fetches. */
  firstCode: { files: string[] } & Sizes;
  leaving: { files: string[] } & Sizes;
  first: { route: string; files: string[] } & Sizes;
  /** Every other route: what it adds to the first page. */
  routes: ({ route: string; files: string[] } & Sizes)[];
  /** Each part fetched on demand: what it adds to the first page. */
  parts: ({ name: string; files: string[] } & Sizes)[];
  fonts: string[];
}

/**
 * The first signed-in page (the entries plus the chunks of /profile/details and its layouts), then
 * for every other route what it adds on top of that first page.
 */
export function routeSizes(dist: string): RouteSizes {
  const manifest: Manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  // index.html's first code and the app it starts (src/main.tsx): both are entries.
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (!manifest['index.html']?.isEntry) throw new Error(`bundle-sizes: ${dist}/.vite/manifest.json has no entry for index.html`);
  const firstCode = closure(manifest, ['index.html']);
  // A tab without a session leaves for the identity provider with the OpenID library (src/boot.ts).
  const library = Object.keys(manifest).find((key) => key.endsWith('src/shared/auth/oidcLibrary.ts'));
  if (!library) throw new Error(`bundle-sizes: ${dist}/.vite/manifest.json has no chunk of src/shared/auth/oidcLibrary.ts`);
  const leaving = new Set([...firstCode, ...closure(manifest, [library])]);
  const firstFiles = closure(manifest, [...entries, ...routeChain(manifest, FIRST_PAGE)]);
  const firstKeys = staticKeys(manifest, [...entries, ...routeChain(manifest, FIRST_PAGE)]);
  const fonts = Object.values(manifest)
    .flatMap((chunk) => [chunk.file, ...(chunk.assets ?? [])])
    .filter((file) => /\.(woff2?|ttf|otf|eot)$/.test(file));
  const routes = Object.keys(manifest)
    .map(routeOf)
    .filter((route): route is string => route !== undefined && route !== FIRST_PAGE && route !== '_authenticated')
    .sort()
    .map((route) => {
      const chain = routeChain(manifest, route);
      const files = [...closure(manifest, chain)].filter((file) => !firstFiles.has(file));
      return { route, files, ...measure(dist, files) };
    });
  // The parts fetched only when they are used (import() of code that is not a route: a wizard,
  // a dialog), each with what it loads that the first page does not have.
  const parts = [...new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []))]
    .filter((key) => !routeOf(key) && !firstKeys.has(key))
    .map((key) => {
      const files = [...closure(manifest, [key])].filter((file) => !firstFiles.has(file));
      return { name: manifest[key]?.name ?? key, files, ...measure(dist, files) };
    })
    .sort((a, b) => b.js.gzip + b.css.gzip - (a.js.gzip + a.css.gzip));
  return {
    firstCode: { files: [...firstCode], ...measure(dist, firstCode) },
    leaving: { files: [...leaving], ...measure(dist, leaving) },
    first: { route: FIRST_PAGE, files: [...firstFiles], ...measure(dist, firstFiles) },
    routes,
    parts,
    fonts,
  };
}
