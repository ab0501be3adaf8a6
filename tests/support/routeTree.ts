import { readFileSync } from 'node:fs';
import { isUnderTheGuard } from '../../src/routerContext.ts';

/** The entries of one interface of the generated route tree: a key, and the route it names. */
function entries(source: string, name: string): Array<[key: string, route: string]> {
  const body = new RegExp(`export interface ${name} \\{\\n([^}]*)\\n\\}`).exec(source)?.[1];
  if (!body) throw new Error(`src/routeTree.gen.ts has no interface ${name}`);
  return [...body.matchAll(/^\s+'([^']+)': typeof (\w+)$/gm)].map(([, key, route]) => [key!, route!]);
}

/**
 * The signed-in pages of the route tree that take no parameter, as addresses (`/profile/mfa`...),
 * read from src/routeTree.gen.ts (the router plugin's own file) for the tests that visit every
 * page: a new page is visited without a line in a test.
 */
export function signedInPages(): string[] {
  const source = readFileSync('src/routeTree.gen.ts', 'utf8');
  const guarded = new Set(entries(source, 'FileRoutesById').flatMap(([id, route]) => (isUnderTheGuard(id) ? [route] : [])));
  return entries(source, 'FileRoutesByTo')
    .filter(([to, route]) => guarded.has(route) && !to.includes('$'))
    .map(([to]) => to);
}
