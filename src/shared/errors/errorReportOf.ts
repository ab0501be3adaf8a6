// What a report is made of, loaded with the first error to report (see errorReport.ts).
import { FactorProvider } from '../../../generated/model/factorProvider';
import { FactorType } from '../../../generated/model/factorType';
import { SocialProvider } from '../../../generated/model/socialProvider';

/**
 * A small report of each unexpected error, sent to `errorReportUrl` (config.json) when it is set.
 * Built by allow-list, never by scrubbing: it carries only fields whose every possible value is
 * known to be safe (what caught the error, its class from a fixed list, the route's pattern, the
 * build, the browser's family and version, the language, where in the portal's own files it was
 * thrown, the time). No message, no address, no answer, no text from anyone: a secret in an error
 * message cannot leak, whatever its shape, because no message is ever sent.
 */
export interface ErrorReport {
  kind: 'render' | 'error' | 'rejection';
  /** The error's class, when it is one of KNOWN_CLASSES; otherwise 'Error' or what it was ('string', 'object'...). */
  errorClass: string;
  /** The page's route pattern: known path words kept, every other segment '$'. */
  route: string;
  /** This build: the file name of its entry (a content hash), or 'unknown'. */
  build: string;
  /** The browser's family and major version, or 'other'. */
  browser: string;
  language: string;
  /** Up to 12 frames of the stack that are in the portal's own files: `file.js:line:column`. */
  frames: string[];
  at: string;
}

/** Where and when an error happened, as the report reads it. */
export interface Where {
  path: string;
  /** The full paths of the router's routes (`/profile/mfa/enroll/$provider/$factorType`...): their words are known. */
  routes: readonly string[];
  build: string;
  language: string;
  userAgent: string;
  now: Date;
}

/** Error classes whose name says what broke and nothing else. */
const KNOWN_CLASSES = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
  'AbortError',
  'TimeoutError',
  'NetworkError',
  'NotAllowedError',
  'NotFoundError',
  'NotSupportedError',
  'InvalidStateError',
  'SecurityError',
  'QuotaExceededError',
  'DataCloneError',
  'ChunkLoadError',
  'ApiError',
  'ZodError',
  'SignInRefused',
]);

/** The parameters with fixed values: the contract's providers and factor kinds. */
const VALUE_WORDS: readonly string[] = [...Object.values(SocialProvider), ...Object.values(FactorProvider), ...Object.values(FactorType)];

const LANGUAGES = new Set(['en', 'zh-HK', 'zh-CN']);
const MAX_FRAMES = 12;
/** A frame of the portal's own code: its hashed file name, a line and a column, nothing else. */
const OWN_FRAME = /\/assets\/([A-Za-z0-9_-]{1,80}\.js):(\d{1,7}):(\d{1,7})\)?$/;
/** A page that fails in a loop sends a few reports, not thousands. */
const MAX_REPORTS_PER_PAGE = 5;

function errorClassOf(error: unknown): string {
  if (error instanceof Error || (typeof DOMException === 'function' && error instanceof DOMException)) {
    const name = (error as Error).name;
    return KNOWN_CLASSES.has(name) ? name : 'Error';
  }
  return error === null ? 'null' : typeof error;
}

/**
 * The pattern of an address, made of the words the portal's addresses are made of (the routes'
 * own and the parameters with fixed values); any other segment is a parameter or noise: '$'.
 */
export function routeOf(pathname: string, routes: readonly string[]): string {
  const known = new Set([...routes.flatMap((route) => route.split('/')).filter((word) => word && !word.startsWith('$')), ...VALUE_WORDS]);
  const path = pathname.split(/[?#]/)[0] ?? '';
  const segments = path.split('/').slice(1, 9);
  if (segments.length === 0 || (segments.length === 1 && segments[0] === '')) return '/';
  return `/${segments.map((segment) => (known.has(segment) ? segment : '$')).join('/')}`;
}

function buildOf(entry: string): string {
  const file = /\/([A-Za-z0-9_-]{1,80}\.js)(?:[?#].*)?$/.exec(entry)?.[1];
  return file ?? 'unknown';
}

/** From the user-agent string: one of a few families and a whole major version. */
export function browserOf(userAgent: string): string {
  const families: Array<[string, RegExp]> = [
    ['Edge', /\bEdg\/(\d{1,4})\./],
    ['Firefox', /\bFirefox\/(\d{1,4})\./],
    // Chrome, Chromium and their headless builds (HeadlessChrome/140.0...).
    ['Chrome', /(?:\b|Headless)Chrom(?:e|ium)\/(\d{1,4})\./],
    ['Safari', /\bVersion\/(\d{1,4})[.\d]* (?:Mobile\/\S+ )?Safari\//],
  ];
  for (const [family, pattern] of families) {
    const major = pattern.exec(userAgent)?.[1];
    if (major) return `${family} ${major}`;
  }
  return 'other';
}

function framesOf(error: unknown): string[] {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const match = OWN_FRAME.exec(line.trim());
    if (match) frames.push(`${match[1]}:${match[2]}:${match[3]}`);
    if (frames.length === MAX_FRAMES) break;
  }
  return frames;
}

/** The report of an error: allow-listed fields only. */
export function errorReportOf(error: unknown, kind: ErrorReport['kind'], where: Where): ErrorReport {
  return {
    kind,
    errorClass: errorClassOf(error),
    route: routeOf(where.path, where.routes),
    build: buildOf(where.build),
    browser: browserOf(where.userAgent),
    language: LANGUAGES.has(where.language) ? where.language : 'other',
    frames: framesOf(error),
    at: where.now.toISOString(),
  };
}

/** Sends reports to one address: each distinct error once, a handful per page at most. */
export function createErrorReporter(url: string, send: (url: string, body: string) => void) {
  const sent = new Set<string>();
  /** `at`: where the error happened, read as it happened (before this code had loaded). */
  return (error: unknown, kind: ErrorReport['kind'], at: Where) => {
    if (!url || sent.size >= MAX_REPORTS_PER_PAGE) return;
    const report = errorReportOf(error, kind, at);
    const key = `${report.kind} ${report.errorClass} ${report.route} ${report.frames[0] ?? ''}`;
    if (sent.has(key)) return;
    sent.add(key);
    try {
      send(url, JSON.stringify(report));
    } catch {
      // Reporting must never become an error of its own.
    }
  };
}
