import type { createErrorReporter, ErrorReport, Where } from './errorReportOf';
import { pageIsLeaving } from './staleBuild';

let report: (error: unknown, kind: ErrorReport['kind']) => void = () => undefined;

/** Reports an unexpected error, when reporting is set up. */
export function reportError(error: unknown, kind: ErrorReport['kind']) {
  if (!pageIsLeaving()) report(error, kind);
}

/**
 * Starts reporting to `url` (nothing when empty): errors nobody caught, promises nobody
 * awaited, and (through `reportError`) what the error page shows. What a report is made of
 * (errorReportOf.ts, its allow-lists) loads with the first error: most pages never have one.
 * Where and when the error happened is read at once.
 */
export function startErrorReporting(url: string, language: () => string, routes: () => readonly string[]) {
  if (!url) return;
  const where = (): Where => ({
    path: window.location.pathname,
    routes: routes(),
    // This module ships in the entry: its address names this build.
    build: import.meta.url,
    language: language(),
    userAgent: navigator.userAgent,
    now: new Date(),
  });
  // The report's builder loads with the first report (docs/performance.md, "Deliberate splits").
  let reporter: Promise<ReturnType<typeof createErrorReporter>> | undefined;
  report = (error, kind) => {
    const at = where();
    reporter ??= import('./errorReportOf').then(({ createErrorReporter }) =>
      createErrorReporter(
        url,
        // A beacon outlives the page and needs no answer; text/plain keeps it a simple request, so
        // a collector on another origin needs no preflight.
        (to, body) => void navigator.sendBeacon(to, new Blob([body], { type: 'text/plain;charset=UTF-8' })),
      ),
    );
    // Reporting must never become an error of its own (its code unreadable offline included).
    reporter.then((send) => send(error, kind, at)).catch(() => undefined);
  };
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'rejection'));
}
