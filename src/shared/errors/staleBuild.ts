import { RELOAD_MARKS_BUILD_KEY, RELOADED_FOR_KEY, ROUTER_RELOAD_PREFIX, routerReloadKey } from '../storage/storageKeys';

/**
 * A tab left open across a release asks for code files the new release no longer has. One
 * reload fetches the new index and its files; a second failure of the same file in the same
 * build is a real outage, and reloading again would only loop.
 */

let leaving = false;
const leavingListeners = new Set<() => void>();
/** Whether the page is going away (it reloads, or a person leaves it): what fails meanwhile is not worth showing or reporting. */
export const pageIsLeaving = () => leaving;

function setLeaving(value: boolean) {
  if (leaving === value) return;
  leaving = value;
  leavingListeners.forEach((listener) => listener());
}

/**
 * Calls `listener` whenever pageIsLeaving changes (for useSyncExternalStore): a page that did
 * not leave after all shows and reports what failed meanwhile. Answers the unsubscribe.
 */
export function onLeavingChange(listener: () => void): () => void {
  leavingListeners.add(listener);
  return () => void leavingListeners.delete(listener);
}

const CHUNK_FAILURE =
  /dynamically imported module|importing a module script failed|unable to preload css|error loading dynamically imported module|loading chunk [\w-]+ failed/i;

/** Whether an error is a code file that could not be fetched (each browser words it its own way). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload(): void;
  /** This build's name: its entry file's hashed address. */
  build: string;
}

/** Reloads the page for a code file that will not load, once per file and build; true when it did. */
export function reloadOnceFor(error: unknown, deps: ReloadDeps): boolean {
  if (!isChunkLoadError(error)) return false;
  const { message } = error as Error;
  const guard = `${deps.build} ${message}`;
  try {
    if (deps.storage.getItem(RELOADED_FOR_KEY) === guard || deps.storage.getItem(routerReloadKey(message))) return false;
    deps.storage.setItem(RELOADED_FOR_KEY, guard);
    deps.storage.setItem(routerReloadKey(message), '1');
  } catch {
    // Without storage nothing would stop a reload loop: show the failure instead.
    return false;
  }
  setLeaving(true);
  deps.reload();
  return true;
}

type MarkStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * Forgets the reload marks a page of another build left in this tab. The router marks a file
 * by its failure's message, and Safari's ("Importing a module script failed.") names no file:
 * its mark would otherwise stand for every later failure in the tab, after every release, and
 * the tab would never reload again. A mark holds for the build it was made in: a reload that
 * brings the same build (the file is still missing: an outage) keeps it, so that does not loop.
 */
export function forgetOtherBuildsMarks(storage: MarkStorage, build: string) {
  try {
    if (storage.getItem(RELOAD_MARKS_BUILD_KEY) === build) return;
    const marks: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(ROUTER_RELOAD_PREFIX)) marks.push(key);
    }
    for (const key of marks) storage.removeItem(key);
    storage.setItem(RELOAD_MARKS_BUILD_KEY, build);
  } catch {
    // No storage: no marks either.
  }
}

const browserDeps = (): ReloadDeps => ({ storage: window.sessionStorage, reload: () => window.location.reload(), build: import.meta.url });

/** In the browser, as the page starts: the reload marks of other builds go. */
export const forgetStaleReloadMarks = () => forgetOtherBuildsMarks(window.sessionStorage, import.meta.url);

/**
 * React's report of an error a boundary caught (createRoot's onCaughtError): logged as React's
 * production build does, but not once the page is leaving. What a boundary catches then is the
 * leaving's own doing: a code file Firefox cut off as the next address started loading, or the
 * module the one-reload guard withheld as it reloads.
 */
export function logCaughtError(error: unknown) {
  if (!leaving) console.error(error);
}

/** How many loads nobody has asked for yet are on their way (see speculatively). */
let speculative = 0;

/**
 * Runs a load the person has not asked for yet (an intent's preload: a link hovered, the menu
 * opened): while it is on its way, Vite's announcement of a code file that failed reloads
 * nothing, so a file gone after a release does not reload the page under them, whatever they
 * have typed there. The router's preload settles its own failures (it keeps them on its matches
 * and throws nothing), so nothing tells whose file failed: the load the person does ask for
 * fails too, and its page's error page or ChunkBoundary reloads once (tests/e2e/unexpected.spec.ts).
 */
export async function speculatively<T>(load: () => Promise<T>): Promise<T> {
  speculative += 1;
  try {
    return await load();
  } finally {
    speculative -= 1;
  }
}

/** In the browser: reloads once for a stale code file; true when the page is going away. */
export function reloadForStaleBuild(error: unknown): boolean {
  return leaving || reloadOnceFor(error, browserDeps());
}

/**
 * Vite announces a dynamic import whose files failed to load; the page reloads once instead of
 * failing. Not when a person is leaving the page: Firefox stops the page's downloads as the next
 * address starts loading and fails the code files still on their way, and a reload then would
 * take the person back instead of where they were going.
 *
 * `beforeunload` does not promise that the page goes: a download, a `mailto:` link or an unload
 * the person cancelled leave it where it was. It is still there when it is used again (a press
 * or a key, the window focused again once a download dialog or the mail program is done) or
 * shown again from the back-forward cache: it is no longer taken for leaving, so a code file that
 * fails later reloads it once and errors are reported, as before.
 */
export function reloadOnStaleBuild() {
  window.addEventListener('beforeunload', () => setLeaving(true));
  const stayed = () => setLeaving(false);
  for (const type of ['pointerdown', 'keydown'] as const) window.addEventListener(type, stayed, { capture: true });
  // Not in the capture phase: the window's own focus only (an element's does not bubble up to it).
  window.addEventListener('focus', stayed);
  // A page the browser kept and shows again (back, forward) is here once more.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) stayed();
  });
  window.addEventListener('vite:preloadError', (event) => {
    if (leaving || speculative > 0) return;
    if (reloadForStaleBuild((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  });
}
