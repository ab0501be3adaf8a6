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

it('does not reload under the person while a load they have not asked for yet (an intent) is on its way, but for the one they ask for', async () => {
  const { speculatively } = await freshPage();
  // The router's preload: the code file fails while it is on its way, and the preload settles
  // with the failure kept on its match (it throws nothing).
  let taken: boolean | undefined;
  await speculatively(async () => void (taken = importFails()));
  expect(taken).toBe(false);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toBeNull();
  // The page they then ask for fails on the same file: now the page reloads.
  expect(importFails()).toBe(true);
  expect(sessionStorage.getItem(RELOADED_FOR_KEY)).toContain('ToastViewport');
});

it("passes on whatever an intent's load throws", async () => {
  const { speculatively } = await freshPage();
  const fault = new TypeError('can\'t access property "options", route is undefined');
  await expect(speculatively(() => Promise.reject(fault))).rejects.toBe(fault);
  // And the announcements count again once it is done.
  expect(importFails()).toBe(true);
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
