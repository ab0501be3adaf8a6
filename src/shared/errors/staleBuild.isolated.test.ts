// Isolated: it adds listeners to the window and leaves the page "leaving".
import { expect, it, vi } from 'vitest';
import { RELOADED_FOR_KEY } from '../storage/storageKeys';

/** Firefox's words for a code file it stopped fetching, or could not find. */
const firefoxError = () => new TypeError('error loading dynamically imported module: https://portal.example/assets/ToastViewport-1a2b.js');

/** Vite's announcement of a dynamic import that failed (it then throws `error` unless the page took it over, to reload). */
function importFails(error: Error = firefoxError()): boolean {
  const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: error });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

async function freshPage() {
  vi.resetModules();
  sessionStorage.clear();
  const staleBuild = await import('./staleBuild');
  staleBuild.reloadOnStaleBuild();
  return staleBuild;
}

it('reloads once for a code file that will not load while the person stays', async () => {
  await freshPage();
  expect(importFails()).toBe(true);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toContain('ToastViewport');
});

it('does not reload under the person for a load they have not asked for yet (an intent), but for the one they ask for', async () => {
  const { speculatively } = await freshPage();
  // A preload whose code file fails while it is on its way: Vite announces it, then throws it to
  // the preload, which settles quietly.
  const failure = firefoxError();
  await expect(speculatively(async () => (importFails(failure) ? undefined : Promise.reject(failure)))).resolves.toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve));
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
  // The page they then ask for fails on the same file: now the page reloads.
  expect(importFails()).toBe(true);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toContain('ToastViewport');
});

it("reloads for a load the person asked for that fails while an intent's is still on its way", async () => {
  const { speculatively } = await freshPage();
  let finishPreload!: () => void;
  const preload = speculatively(() => new Promise<void>((resolve) => (finishPreload = resolve)));
  // Their page's file fails; the failure goes on to their page's load (its boundary reloads
  // too), and the page reloads once it is clear that no intent took it.
  const theirs = firefoxError();
  expect(importFails(theirs)).toBe(false);
  await vi.waitFor(() => expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toContain('ToastViewport'));
  finishPreload();
  await preload;
});

it("passes on any other failure of an intent's load: a fault, to be reported", async () => {
  const { speculatively } = await freshPage();
  const fault = new TypeError('can\'t access property "options", route is undefined');
  await expect(speculatively(() => Promise.reject(fault))).rejects.toBe(fault);
  await expect(
    speculatively(() => {
      throw fault;
    }),
  ).rejects.toBe(fault);
});

it('logs what a boundary caught, but nothing once the page is leaving', async () => {
  const { logCaughtError } = await freshPage();
  const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const before = new Error('a page that cannot be shown');
  logCaughtError(before);
  window.dispatchEvent(new Event('beforeunload'));
  logCaughtError(firefoxError());
  logCaughtError(new TypeError('can\'t access property "component", e is undefined'));
  expect(logged.mock.calls).toEqual([[before]]);
  logged.mockRestore();
});

it('does not reload for one that fails as the person leaves: the next page comes instead', async () => {
  const { pageIsLeaving, reloadForStaleBuild } = await freshPage();
  window.dispatchEvent(new Event('beforeunload'));
  expect(importFails()).toBe(false);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
  // The page's own catch (a boundary) shows nothing either: the page is going away.
  expect(reloadForStaleBuild(firefoxError())).toBe(true);
  expect(pageIsLeaving()).toBe(true);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
});

it('reloads again once the person comes back to the page the browser kept (back, forward)', async () => {
  const { pageIsLeaving } = await freshPage();
  window.dispatchEvent(new Event('beforeunload'));
  window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
  expect(pageIsLeaving()).toBe(false);
  expect(importFails()).toBe(true);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toContain('ToastViewport');
});

// A download, a mailto: link or an unload the person cancelled: `beforeunload`, and the page stays.
it.each([
  ['a press', () => window.dispatchEvent(new Event('pointerdown'))],
  ['a key', () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))],
  ['the window focused again', () => window.dispatchEvent(new FocusEvent('focus'))],
])('is no longer taken for leaving once the page that stayed is used again (%s): a later failure reloads once, as before', async (_, usedAgain) => {
  const { pageIsLeaving, onLeavingChange } = await freshPage();
  const changes: boolean[] = [];
  onLeavingChange(() => changes.push(pageIsLeaving()));
  window.dispatchEvent(new Event('beforeunload'));
  expect(importFails()).toBe(false);
  usedAgain();
  expect(pageIsLeaving()).toBe(false);
  expect(changes).toEqual([true, false]);
  expect(importFails()).toBe(true);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toContain('ToastViewport');
});
