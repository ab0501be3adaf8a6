import type { ErrorReport } from './errorReporter';
import { pageIsLeaving } from './staleBuild';

type Reporter = (error: unknown, kind: ErrorReport['kind']) => void;

/** The reporter, loaded with the first error: the report's code does not ship with the first page. */
let reporter: (() => Promise<Reporter>) | undefined;

/** Reports an unexpected error, when reporting is set up. */
export function reportError(error: unknown, kind: ErrorReport['kind']) {
  if (!reporter || pageIsLeaving()) return;
  reporter().then(
    (report) => report(error, kind),
    // Reporting must never become an error of its own.
    () => undefined,
  );
}

/**
 * Starts reporting to `url` (nothing when empty): errors nobody caught, promises nobody
 * awaited, and (through `reportError`) what the error page shows.
 */
export function startErrorReporting(url: string, language: () => string) {
  if (!url) return;
  let loaded: Promise<Reporter> | undefined;
  reporter = () =>
    (loaded ??= import('./errorReporter').then(({ createErrorReporter }) =>
      createErrorReporter(
        url,
        // A beacon outlives the page and needs no answer; text/plain keeps it a simple request, so
        // a collector on another origin needs no preflight.
        (to, body) => void navigator.sendBeacon(to, new Blob([body], { type: 'text/plain;charset=UTF-8' })),
        () => ({ path: window.location.pathname, build: import.meta.url, language: language(), now: new Date() }),
      ),
    ));
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'rejection'));
}
