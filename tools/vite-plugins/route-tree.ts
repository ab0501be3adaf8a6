// A Vite plugin: what the route tree holds, read at build time from the router plugin's
// src/routeTree.gen.ts, for code that cannot ask the router, so no file keeps a copy of the routes:
// - `virtual:route-tree/signed-in`: which addresses need a session, for the page's first code
//   (src/boot.ts), which decides before the router is loaded;
// - `virtual:route-tree/pages`: the signed-in pages without a parameter, which a sign-in may
//   return to (src/shared/auth/returnPath.ts);
// - `virtual:route-tree/words`: the fixed words of the routes' paths, for the error reports.
// Separate modules, so that the first code carries only what it reads.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const SIGNED_IN = 'virtual:route-tree/signed-in';
const PAGES = 'virtual:route-tree/pages';
const WORDS = 'virtual:route-tree/words';

/** The layout route whose pages need a session (its guard, src/routes/_authenticated.tsx). */
const GUARD = '/_authenticated';

export interface RouteEntry {
  id: string;
  fullPath: string;
}

/** Every route of a generated route tree (its `FileRoutesByPath` declarations), in file order. */
export function routesOf(generated: string): RouteEntry[] {
  const routes = [...generated.matchAll(/^\s+id: '([^']+)'\n\s+path: '[^']*'\n\s+fullPath: '([^']+)'$/gm)].map(([, id, fullPath]) => ({
    id: id!,
    fullPath: fullPath!,
  }));
  if (!routes.some((route) => route.id === '/')) throw new Error('route-tree: no routes found in the generated route tree');
  return routes;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const trim = (fullPath: string) => (fullPath.length > 1 ? fullPath.replace(/\/$/, '') : fullPath);

/** A pattern of a route's full path: a `$param` is one segment, a trailing slash optional. */
function pathPattern(fullPath: string): string {
  const trimmed = trim(fullPath);
  return `${trimmed
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : escape(segment)))
    .join('\\/')}${trimmed === '/' ? '' : '\\/?'}`;
}

function guardedPaths(routes: RouteEntry[]): string[] {
  const guarded = routes.filter((route) => route.id.startsWith(`${GUARD}/`)).map((route) => route.fullPath);
  if (guarded.length === 0) throw new Error(`route-tree: no page under ${GUARD}`);
  return guarded;
}

/** `signedInPath`: matches the address of every page under the guard. */
export function signedInModule(routes: RouteEntry[]): string {
  return `export const signedInPath = /^(?:${[...new Set(guardedPaths(routes).map(pathPattern))].join('|')})$/;`;
}

/** `signedInPages`: the addresses of the pages under the guard that take no parameter, sorted. */
export function pagesModule(routes: RouteEntry[]): string {
  const pages = guardedPaths(routes)
    .filter((fullPath) => !fullPath.includes('$'))
    .map(trim);
  return `export const signedInPages = ${JSON.stringify([...new Set(pages)].sort())};`;
}

/** `pathWords`: the fixed words of all routes' paths, sorted. */
export function wordsModule(routes: RouteEntry[]): string {
  const words = new Set(routes.flatMap((route) => route.fullPath.split('/')).filter((word) => word && !word.startsWith('$')));
  return `export const pathWords = ${JSON.stringify([...words].sort())};`;
}

const MODULES: Record<string, (routes: RouteEntry[]) => string> = { [SIGNED_IN]: signedInModule, [PAGES]: pagesModule, [WORDS]: wordsModule };

export function routeTree({ file = 'src/routeTree.gen.ts' } = {}): Plugin {
  return {
    name: 'portal:route-tree',
    resolveId: (source) => (source in MODULES ? `\0${source}` : undefined),
    load(id) {
      const write = id.startsWith('\0') ? MODULES[id.slice(1)] : undefined;
      if (!write) return undefined;
      const path = resolve(file);
      this.addWatchFile(path);
      return write(routesOf(readFileSync(path, 'utf8')));
    },
  };
}
