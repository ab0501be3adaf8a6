// The files of the page the identity provider returns to (the app: the chunk of src/main.tsx,
// every chunk it imports and its CSS; the callback's flow), named in the built index.html.
// The page's first code (src/boot.ts) is all a load runs before it decides; a tab that leaves
// for the identity provider at once prefetches these meanwhile, and the prefetches finish
// across the navigation, so the page the provider returns to finds the app in the HTTP cache.
// Beside them, each page's own files by route id: the header prefetches its menu's pages once
// the first page has painted (src/shared/ui/pageCode.ts).
import type { Plugin } from 'vite';
import { APP_ENTRY } from './chunk-groups.ts';

/** The part of a Rolldown output chunk this plugin reads. */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  moduleIds: readonly string[];
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

function isModule(id: string, module: string): boolean {
  const path = id.replaceAll('\\', '/');
  return module.endsWith('=') ? path.includes(`/${module}`) : path.endsWith(`/${module}`);
}

/**
 * The files the given modules need, in load order: for each, the chunk that holds it and the
 * chunks that one imports (transitively); then their CSS. A module named up to a query's `=` is
 * any module of that file with that query: the router plugin names a route's split part after
 * what it holds (`callback.tsx?tsr-split=loader` under vite.config.ts's `splitBehavior` today),
 * so a change of that grouping does not break this list.
 */
export function appFiles(bundle: Record<string, { type: string }>, modules: readonly string[]): { scripts: string[]; styles: string[] } {
  const chunks = Object.values(bundle).filter((output): output is ChunkInfo => output.type === 'chunk');
  const files = { scripts: [] as string[], styles: new Set<string>() };
  for (const module of modules) {
    const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => isModule(id, module)));
    if (!holder) throw new Error(`prefetch-app: no chunk holds ${module}`);
    chunkFiles(bundle, holder, files);
  }
  return { scripts: files.scripts, styles: [...files.styles] };
}

/** A chunk and the chunks it imports (transitively), each once, in load order; and their CSS. */
function chunkFiles(bundle: Record<string, { type: string }>, chunk: ChunkInfo, into: { scripts: string[]; styles: Set<string> }) {
  if (into.scripts.includes(chunk.fileName)) return;
  into.scripts.push(chunk.fileName);
  chunk.viteMetadata?.importedCss.forEach((file) => into.styles.add(file));
  for (const imported of chunk.imports) {
    const next = bundle[imported];
    if (next?.type === 'chunk') chunkFiles(bundle, next as ChunkInfo, into);
  }
}

/**
 * `…/src/routes/_authenticated/profile/mfa/index.tsx?tsr-split=component` → `/_authenticated/profile/mfa/`:
 * the id of the route whose page (its component, split off by the router plugin) a module is.
 */
export function pageRouteId(moduleId: string): string | undefined {
  const file = /\/src\/routes(\/.+)\.tsx\?tsr-split=[\w-]*component/.exec(moduleId.replaceAll('\\', '/'))?.[1];
  return file?.replace(/\/index$/, '/');
}

/**
 * Each page's own code as the router plugin splits it off (the route's `?tsr-split=` part that
 * holds its component) with what it imports and its CSS, less the files already `loaded` (the
 * app's), by route id. A page's prefetch fetches these.
 */
export function pageFiles(bundle: Record<string, { type: string }>, loaded: ReadonlySet<string>, base: string): Record<string, string[]> {
  const byRoute: Record<string, { scripts: string[]; styles: Set<string> }> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    const chunk = output as ChunkInfo;
    for (const routeId of new Set(chunk.moduleIds.map(pageRouteId))) {
      if (routeId !== undefined) chunkFiles(bundle, chunk, (byRoute[routeId] ??= { scripts: [], styles: new Set() }));
    }
  }
  return Object.fromEntries(
    Object.entries(byRoute).map(([routeId, { scripts, styles }]) => [
      routeId,
      [...styles, ...scripts].filter((file) => !loaded.has(file)).map((file) => `${base}${file}`),
    ]),
  );
}

/**
 * What the meta element lists, in the order the first code prefetches it: the styles first (a
 * small file, so it is almost always in the cache before the identity provider answers; the
 * returning page cannot paint without it), then the scripts, less the page's own first code.
 */
export function prefetchList({ scripts, styles }: { scripts: string[]; styles: string[] }, firstCode: string | undefined, base: string): string {
  return [...styles, ...scripts.filter((file) => file !== firstCode)].map((file) => `${base}${file}`).join(' ');
}

/** The name of the meta element that lists the app's files in the built index.html (read by src/boot.ts). */
export const APP_FILES_META = 'portal-app-files';

/** The name of the meta element that names each page's own files, by route id, in JSON (read by src/shared/ui/pageCode.ts). */
export const PAGE_FILES_META = 'portal-page-files';

/** What the page the identity provider returns to runs: the app, and the sign-in callback's flow (a chunk of its own). */
const RETURNING_PAGE = [APP_ENTRY, 'src/routes/auth/default/callback.tsx?tsr-split='];

/**
 * Vite plugin: the built index.html names every file of `modules` (default: what the page the
 * identity provider returns to runs) in a `<meta name="portal-app-files">`, space-separated;
 * the page's first code prefetches them when it leaves for the identity provider. (A load that
 * starts the app fetches them as it imports it.) A `<meta name="portal-page-files">` names each
 * page's files beyond the app's, by route id, in JSON (pageFiles).
 */
export function prefetchApp(modules: readonly string[] = RETURNING_PAGE): Plugin {
  let base = '/';
  return {
    name: 'portal:prefetch-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle) return;
        const app = appFiles(bundle, modules);
        // The page's own first code (the HTML's entry) is loaded already.
        const content = prefetchList(app, chunk?.fileName, base);
        // What a page needs beyond the app: the app loads it before any page's code.
        const started = appFiles(bundle, [APP_ENTRY]);
        const loaded = new Set([...started.scripts, ...started.styles, ...(chunk ? [chunk.fileName] : [])]);
        return [
          { tag: 'meta', attrs: { name: APP_FILES_META, content }, injectTo: 'head' },
          { tag: 'meta', attrs: { name: PAGE_FILES_META, content: JSON.stringify(pageFiles(bundle, loaded, base)) }, injectTo: 'head' },
        ];
      },
    },
  };
}
