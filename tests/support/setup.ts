import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { setLanguage } from '../../src/messages/i18n';
import { applyConfig } from '../../src/shared/config/config';
import { parseConfig } from '../../src/shared/config/configSchema';
import { browser } from '../../src/shared/navigation/browser';
import { server } from './server';

// A route's first render in a file compiles its chunks, which takes more than Testing Library's
// default second on a loaded two-core machine: findBy… and waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Mantine relies on (tests of Node code run without a window).
if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= () => undefined;
  // A modal <dialog> as the browser's, without the top layer: open, and closed with its close event.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// The app reads its settings from /config.json at start-up; tests use the dev stack's.
const devConfig = parseConfig(JSON.parse(readFileSync('public/config.json', 'utf8')));
if ('errors' in devConfig) throw new Error(`public/config.json: ${devConfig.errors.join('; ')}`);
applyConfig(devConfig.config);

// jsdom cannot leave the page: record where the app sends the browser instead.
beforeEach(() => {
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});

// Any request without a handler fails the test.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  if (typeof window === 'undefined') return;
  cleanup();
  notifications.clean();
  setLanguage('en');
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterAll(() => server.close());
