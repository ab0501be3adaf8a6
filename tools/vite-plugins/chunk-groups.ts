// How the build splits the code into files (Rolldown's codeSplitting groups, used by
// vite.config.ts): the page's first code (index.html's module: src/boot.ts and what it imports)
// is one small file, the only one a load fetches before it decides; the app (src/main.tsx with
// React, the router, Mantine, the shell and the first page) is one file; route chunks load on
// first use. Why, measured: docs/performance.md, "Few files" and "Deliberate splits".
import path from 'node:path';

interface ModuleInfo {
  importedIds: readonly string[];
}
type GetModuleInfo = (id: string) => ModuleInfo | null;
type Context = { getModuleInfo: GetModuleInfo };

/** `start` and every module it imports statically, transitively. */
export function staticImports(start: string, getModuleInfo: GetModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The build's second entry (index.html is the first): the app that the page's first code may start. */
export const APP_ENTRY = 'src/main.tsx';

/** The codeSplitting groups, for the checkout at `root`. */
export function chunkGroups(root: string) {
  // index.html's own module (src/boot.ts) and what it imports, found on first use. Rolldown's
  // getModuleInfo must be called on its context.
  let boot: Set<string> | undefined;
  const inBoot = (id: string, context: Context) =>
    (boot ??= staticImports(path.resolve(root, 'index.html'), (m) => context.getModuleInfo(m))).has(id);
  return [
    {
      debugName: 'boot',
      priority: 50,
      includeDependenciesRecursively: false,
      name: (id: string, context: Context) => (inBoot(id, context) ? 'boot' : null),
    },
    { name: 'shell', priority: 10, tags: ['$initial' as const], includeDependenciesRecursively: false },
  ];
}
