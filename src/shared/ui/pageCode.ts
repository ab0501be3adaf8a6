import { prefetch } from '../prefetch';
import { whenIdle } from './afterPaint';

/**
 * The files of each page's own code that the app does not hold, by route id, as the build names
 * them in index.html (tools/vite-plugins/prefetch-app.ts); none in development, where modules
 * load one by one. Only same-origin paths are kept.
 */
function pageFiles(): Record<string, string[]> {
  const content = document.querySelector<HTMLMetaElement>('meta[name="portal-page-files"]')?.content;
  if (!content) return {};
  try {
    const parsed: unknown = JSON.parse(content);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([routeId, files]) => [
        routeId,
        Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string' && /^\/(?!\/)/.test(file)) : [],
      ]),
    );
  } catch {
    return {};
  }
}

/**
 * Fetches the code of these routes' pages into the HTTP cache at the lowest priority, without
 * running it or asking for their data: a click on one later finds its code there. One file an
 * idle moment: each prefetch costs the main thread about a millisecond to start, and twenty of
 * them at once were a task of 84 ms at CPU x4 (reload TBT 114 against 50 ms). Answers a function
 * that stops it.
 */
export function prefetchPageCode(routeIds: readonly string[]): () => void {
  const byRoute = pageFiles();
  const files = [...new Set(routeIds.flatMap((routeId) => byRoute[routeId] ?? []))];
  let cancel = () => {};
  const next = () => {
    const file = files.shift();
    if (file === undefined) return;
    prefetch([file]);
    cancel = whenIdle(next);
  };
  cancel = whenIdle(next);
  return () => cancel();
}
