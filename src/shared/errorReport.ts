import { pageIsLeaving } from './staleBuild';

/**
 * A small report of each unexpected error, sent to `errorReportUrl` (config.json) when it is set.
 * It says what broke and where, never who or what they typed: addresses lose their query and
 * fragment (codes, states, tokens), and anything shaped like a token, an email address or a
 * long number is blanked out.
 */
interface ErrorReport {
  kind: 'render' | 'error' | 'rejection';
  name: string;
  message: string;
  stack: string;
  /** The page's path, without its query or fragment. */
  path: string;
  /** This build: its entry file. */
  build: string;
  language: string;
  at: string;
}

const MAX_MESSAGE = 300;
const MAX_STACK_LINES = 12;
/** A page that fails in a loop sends a few reports, not thousands. */
const MAX_REPORTS_PER_PAGE = 5;

/** Removes from a text whatever could carry a secret or a person's data. */
export function scrub(text: string): string {
  return (
    text
      // An address keeps its path; its query and fragment (code, state, tokens) go.
      .replace(/((?:[a-z][\w+.-]*:\/\/[^\s?#'"`<>()]*)|(?:\/[\w\-./~%]*))[?#][^\s'"`<>()]*/gi, '$1')
      // The same parameters written without an address in front.
      .replace(/\b(code|state|token|access_token|id_token|refresh_token|session_state|ticket)=[^&\s'"`]*/gi, '$1=[redacted]')
      .replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[token]')
      .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]')
      // Phone numbers, one-time codes, account numbers: six digits or more.
      .replace(/\+?\d[\d\s-]{4,}\d/g, '[number]')
      // Shared secrets (base32, as authenticator apps take them).
      .replace(/\b[A-Z2-7]{16,}=*/g, '[redacted]')
      // Long opaque values; a code file's address, or a path of short segments, stays.
      .replace(/[A-Za-z0-9_\-+/=.]{32,}/g, (run) =>
        /\.(m?js|css|tsx?)$/.test(run) || (run.split('/').every((part) => part.length < 20) && !/[+=]/.test(run)) ? run : '[redacted]',
      )
  );
}

function partsOf(error: unknown): { name: string; message: string; stack: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack ?? '' };
  // A thrown string or object may be anything; only its type is safe to tell.
  return { name: typeof error, message: typeof error === 'string' ? error : '', stack: '' };
}

/** The report of an error, scrubbed and short. */
export function errorReportOf(
  error: unknown,
  kind: ErrorReport['kind'],
  where: { path: string; build: string; language: string; now: Date },
): ErrorReport {
  const { name, message, stack } = partsOf(error);
  return {
    kind,
    name: scrub(name).slice(0, 60),
    message: scrub(message).slice(0, MAX_MESSAGE),
    stack: scrub(stack.split('\n').slice(0, MAX_STACK_LINES).join('\n')),
    path: scrub(where.path.split(/[?#]/)[0]!),
    build: where.build.split(/[?#]/)[0]!,
    language: where.language,
    at: where.now.toISOString(),
  };
}

/** Sends reports to one address: each distinct error once, a handful per page at most. */
export function createErrorReporter(
  url: string,
  send: (url: string, body: string) => void,
  where: () => { path: string; build: string; language: string; now: Date },
) {
  const sent = new Set<string>();
  return (error: unknown, kind: ErrorReport['kind']) => {
    if (!url || sent.size >= MAX_REPORTS_PER_PAGE) return;
    const report = errorReportOf(error, kind, where());
    const key = `${report.kind} ${report.name} ${report.message}`;
    if (sent.has(key)) return;
    sent.add(key);
    try {
      send(url, JSON.stringify(report));
    } catch {
      // Reporting must never become an error of its own.
    }
  };
}

let report: ReturnType<typeof createErrorReporter> = () => undefined;

/** Reports an unexpected error, when reporting is set up. */
export function reportError(error: unknown, kind: ErrorReport['kind']) {
  if (!pageIsLeaving()) report(error, kind);
}

/**
 * Starts reporting to `url` (nothing when empty): errors nobody caught, promises nobody
 * awaited, and (through `reportError`) what the error page shows.
 */
export function startErrorReporting(url: string, language: () => string) {
  if (!url) return;
  report = createErrorReporter(
    url,
    // A beacon outlives the page and needs no answer; text/plain keeps it a simple request, so
    // a collector on another origin needs no preflight.
    (to, body) => void navigator.sendBeacon(to, new Blob([body], { type: 'text/plain;charset=UTF-8' })),
    () => ({ path: window.location.pathname, build: import.meta.url, language: language(), now: new Date() }),
  );
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'error'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'rejection'));
}
