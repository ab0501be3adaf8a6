// The files of the page the identity provider returns to (the app: the chunk of src/main.tsx,
// every chunk it imports and its CSS; the callback's flow), named in the built index.html.
// The page's first code (src/boot.ts) is all a load runs before it decides; a tab that leaves
// for the identity provider at once prefetches these meanwhile, and the prefetches finish
// across the navigation, so the page the provider returns to finds the app in the HTTP cache.
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
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (chunk: ChunkInfo) => {
    if (scripts.includes(chunk.fileName)) return;
    scripts.push(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((file) => styles.add(file));
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next as ChunkInfo);
    }
  };
  for (const module of modules) {
    const holder = chunks.find((chunk) => chunk.moduleIds.some((id) => isModule(id, module)));
    if (!holder) throw new Error(`prefetch-app: no chunk holds ${module}`);
    visit(holder);
  }
  return { scripts, styles: [...styles] };
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

/** What the page the identity provider returns to runs: the app, and the sign-in callback's flow (a chunk of its own). */
const RETURNING_PAGE = [APP_ENTRY, 'src/routes/auth/default/callback.tsx?tsr-split='];

/** The plugin: the built index.html lists the files of `modules` in a `<meta name="portal-app-files">`, space-separated. */
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
        // The page's own first code (the HTML's entry) is loaded already.
        const content = prefetchList(appFiles(bundle, modules), chunk?.fileName, base);
        return [{ tag: 'meta', attrs: { name: APP_FILES_META, content }, injectTo: 'head' }];
      },
    },
  };
}
