import { config } from '../config/config';
import { locale } from '../../messages/i18n';
import { t } from '../../messages/t';
import { ApiError } from './ApiError';
import { createLimiter } from './limiter';
import { tabCredentials, type Credentials } from '../auth/session';

/** The spec's call rules (sections 7 and 9). */
const MAX_REQUESTS_IN_FLIGHT = 5;
const MIN_HOLD_MS = 20;
const MAX_HOLD_MS = 50;
/** A call still unanswered after this long fails with a clear message instead of spinning forever. */
const REQUEST_TIMEOUT_MS = 10_000;

const limit = createLimiter(MAX_REQUESTS_IN_FLIGHT);

/** The identity provider serves one operation of the contract (GET /oauth/provider). */
const IDP_PATHS = ['/oauth/'];

function resolveUrl(url: string): URL {
  const onIdp = IDP_PATHS.some((prefix) => url.startsWith(prefix));
  const base = onIdp ? config.oidcAuthority : config.apiBase || globalThis.location?.origin;
  return new URL(url, `${base}/`);
}

/**
 * Where a call goes: exactly the path written, or nowhere. An id the server gave is pasted into
 * the path, encoded (orval's urlEncodeParameters), yet encoding leaves ".." as it is, and a
 * generator that forgot it would let "?" or "#" through: a removal would reach another resource.
 * So the resolved path must be the one written, no "#" at all, and a query only on a read (every
 * change in the contract takes its ids in the path): anything else is refused, unsent.
 */
function targetOf(url: string, method: string): URL {
  const target = resolveUrl(url);
  const [path, query] = url.split('?', 2);
  if (!url.startsWith('/') || url.includes('#') || target.pathname !== path || (query !== undefined && method !== 'GET')) {
    throw new ApiError(() => t('error.address'), 'address');
  }
  return target;
}

function holdMs(): number {
  return MIN_HOLD_MS + Math.random() * (MAX_HOLD_MS - MIN_HOLD_MS);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function errorMessageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'errorMessage' in body) {
    const message = (body as { errorMessage: unknown }).errorMessage;
    if (message !== undefined && message !== null && message !== '') return String(message);
  }
  return undefined;
}

const UNREADABLE = Symbol('unreadable');

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

/**
 * Whether a body under a failed status is still the call's answer; the schemas load only now
 * (docs/performance.md, "Deliberate splits"). If they cannot be loaded (a release replaced them),
 * the failed status stands.
 */
async function isAnswer(method: string, target: URL, body: unknown): Promise<boolean> {
  if (body === undefined) return false;
  try {
    const { isContractAnswer } = await import('./contract');
    return isContractAnswer(method, target, body);
  } catch {
    return false;
  }
}

/**
 * The fetch function, given where its credentials come from: the access token and whether the
 * session has ended (a logout began here or in another tab), from which moment no call goes
 * out but one that brings its own credentials (the logout's own end-sessions call).
 * - adds `Authorization: Bearer` once a token exists (only towards the API's own origin), and
 *   `Accept-Language` with the portal's language;
 * - reads any HTTP status as a response: a body with `errorMessage` is an error whatever the
 *   status; a failed status without one, or a body that is not JSON, is an error too;
 * - turns a network failure into 'Cannot connect to server';
 * - runs at most 5 requests at once and holds each for a random 20-50 ms.
 */
export function createApiFetch(credentials: Credentials) {
  return <T>(url: string, options: RequestInit = {}): Promise<T> => limit(() => send<T>(credentials, url, options));
}

function requestHeaders(credentials: Credentials, target: URL, options: RequestInit): Headers {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  // The server's own messages (errorMessage) in the portal's language, not the browser's.
  headers.set('Accept-Language', locale.get());
  if (options.body !== undefined && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const apiOrigin = resolveUrl('/').origin;
  if (!headers.has('Authorization')) {
    // After a logout nothing may go out without a token and come back as a sign-in prompt.
    if (credentials.signedOut()) throw new DOMException('The session has ended.', 'AbortError');
    const token = credentials.accessToken();
    if (token && target.origin === apiOrigin) headers.set('Authorization', `Bearer ${token}`);
  } else if (target.origin !== apiOrigin) {
    headers.delete('Authorization');
  }
  return headers;
}

async function send<T>(credentials: Credentials, url: string, options: RequestInit): Promise<T> {
  const target = targetOf(url, (options.method ?? 'GET').toUpperCase());
  const headers = requestHeaders(credentials, target, options);

  const hold = sleep(holdMs());
  // Our own deadline, joined with the caller's cancellation (React Query's signal).
  const controller = new AbortController();
  let timedOut = false;
  const deadline = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  let response: Response;
  let body: unknown;
  try {
    // Answers carry personal data and enrollment secrets: no HTTP cache keeps them.
    response = await fetch(target, { ...options, headers, signal: controller.signal, cache: 'no-store' });
    body = await readBody(response);
  } catch (error) {
    if (timedOut) throw new ApiError(() => t('error.timeout'), 'timeout');
    if (isAbort(error)) throw error;
    await hold;
    throw new ApiError(() => t('error.network'), 'network');
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', cancel);
  }
  await hold;

  const { status } = response;
  // A 401's challenge (a step-up asks for a fresh sign-in): its parser loads with the first
  // one (docs/performance.md, "Deliberate splits"); when it cannot load (offline), the 401 is a
  // plain one.
  const header = status === 401 ? response.headers.get('WWW-Authenticate') : null;
  const challenge = header
    ? await import('./challenge').then(
        (parser) => parser.parseBearerChallenge(header),
        () => undefined,
      )
    : undefined;
  if (body === UNREADABLE) throw new ApiError(() => t('error.unreadable'), 'http', status, challenge);
  const message = errorMessageOf(body);
  if (message !== undefined) throw new ApiError(message, 'server', status, challenge);
  // Any status is a response (spec section 7): a body that is what the contract says the call
  // answers is the answer, also under a failed status. A 401 keeps its sign-in path.
  if (!response.ok && !(status !== 401 && (await isAnswer(options.method ?? 'GET', target, body)))) {
    throw new ApiError(() => t('error.http', { status }), 'http', status, challenge);
  }
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') checkDriftLater(options.method ?? 'GET', target, body);
  return body as T;
}

const driftQueue: Array<[method: string, target: URL, body: unknown]> = [];
let driftTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Development only: warns when an answer drifts from the contract (the page still shows it).
 * The check loads every schema of the contract, dozens of modules on the dev server: answers
 * wait until a second has passed without one, so the page's own files load first.
 */
function checkDriftLater(method: string, target: URL, body: unknown) {
  driftQueue.push([method, target, body]);
  clearTimeout(driftTimer);
  driftTimer = setTimeout(
    () => void import('./drift').then(({ reportDrift }) => driftQueue.splice(0).forEach((answer) => reportDrift(...answer))),
    1000,
  );
}

/**
 * The orval mutator: every generated call goes through here, with this tab's session
 * (src/shared/auth/session.ts's tabSession, where oidc-client-ts keeps the tokens, the one the
 * router's Auth reads too) as its credentials.
 */
export const apiFetch = createApiFetch(tabCredentials);

export default apiFetch;
