// Isolated: it counts the requests in flight of the fetcher's one limiter, which every component
// test that fetches shares within a worker (one left pending elsewhere took a slot in CI).
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { setLanguage } from '../../messages/i18n';
import { LANGUAGES } from '../../messages/language';
import { example } from '../../../tests/support/examples';
import { ApiError } from './ApiError';
import { createSession, userStorageKey } from '../auth/session';
import { apiFetch as tabFetch, createApiFetch } from './fetcher';

type Call = { url: string; init: RequestInit; resolve: (r: Response) => void; reject: (e: unknown) => void };

let calls: Call[];
/** The session the fetch function under test reads its credentials from. */
let session: { token?: string; ended: boolean };
const apiFetch = createApiFetch({ accessToken: () => session.token, signedOut: () => session.ended });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: URL, init: RequestInit) =>
        new Promise<Response>((resolve, reject) => {
          // Like the real fetch: an aborted signal rejects the call.
          init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
          calls.push({ url: String(url), init, resolve, reject });
        }),
    ),
  );
  session = { ended: false };
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Lets queued promise callbacks run without moving fake time. */
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function answer(index: number, response: Response | Error | DOMException) {
  await vi.waitFor(() => expect(calls.length).toBeGreaterThan(index));
  const call = calls[index]!;
  if (response instanceof Response) call.resolve(response);
  else call.reject(response);
}

describe('apiFetch', () => {
  it('sends the bearer token once one exists, and none before', async () => {
    const first = apiFetch('/api/v1/user/profile');
    await answer(0, json({ firstName: 'Tai Man' }));
    await first;
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBeNull();

    session.token = 'token-123';
    const second = apiFetch('/api/v1/user/profile');
    await answer(1, json({ firstName: 'Tai Man' }));
    await expect(second).resolves.toEqual({ firstName: 'Tai Man' });
    expect(new Headers(calls[1]!.init.headers).get('Authorization')).toBe('Bearer token-123');
  });

  it('once the session has ended sends nothing without its own credentials, and what brings them only to the API', async () => {
    session = { token: 'token-123', ended: true };
    await expect(apiFetch('/api/v1/user/profile')).rejects.toMatchObject({ name: 'AbortError' });
    const own = apiFetch('/api/v1/user/sessions', { method: 'DELETE', headers: { Authorization: 'Bearer captured' } });
    await answer(0, json({ status: true }));
    await own;
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer captured');
    const elsewhere = apiFetch('/oauth/provider', { headers: { Authorization: 'Bearer captured' } });
    await answer(1, json({}));
    await elsewhere;
    expect(new Headers(calls[1]!.init.headers).get('Authorization')).toBeNull();
  });

  it("the generated hooks' fetch function reads this tab's stored session: its token, and its end", async () => {
    window.sessionStorage.setItem(userStorageKey(), JSON.stringify({ access_token: 'stored', profile: { sub: 'smwong25' } }));
    const call = tabFetch('/api/v1/user/profile');
    await answer(0, json({}));
    await call;
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBe('Bearer stored');
    createSession().end();
    await expect(tabFetch('/api/v1/user/profile')).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it("asks for the server's messages in the portal's language", async () => {
    void apiFetch('/api/v1/user/profile');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(new Headers(calls[0]!.init.headers).get('Accept-Language')).toBe('en');
    setLanguage('zh-HK');
    void apiFetch('/api/v1/user/profile');
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(new Headers(calls[1]!.init.headers).get('Accept-Language')).toBe('zh-HK');
    setLanguage('zh-CN');
    void apiFetch('/api/v1/user/profile');
    await vi.waitFor(() => expect(calls).toHaveLength(3));
    expect(new Headers(calls[2]!.init.headers).get('Accept-Language')).toBe('zh-CN');
    calls.forEach((call) => call.resolve(json({})));
  });

  it('sends as Accept-Language only what openapi.yaml says it sends: every language of the portal', () => {
    const { info } = parse(readFileSync('openapi.yaml', 'utf8')) as { info: { description: string } };
    const paragraph = info.description.split(/\n\s*\n/).find((text) => text.includes('Accept-Language')) ?? '';
    const named = [...paragraph.matchAll(/`([a-z]{2}(?:-[A-Z]{2})?)`/g)].map((match) => match[1]);
    expect(named.sort()).toEqual([...LANGUAGES].sort());
  });

  it('never sends the token to the identity provider host', async () => {
    session.token = 'token-123';
    const call = apiFetch('/oauth/provider?code=abc');
    await answer(0, json({ provider: 'google' }));
    await expect(call).resolves.toEqual({ provider: 'google' });
    expect(calls[0]!.url).toBe('http://localhost:9000/oauth/provider?code=abc');
    expect(new Headers(calls[0]!.init.headers).get('Authorization')).toBeNull();
  });

  it.each([
    ['a dot segment', '/api/v1/user/clients/..', 'DELETE'],
    ['a path climbing out', '/api/v1/user/clients/../factor/opf1taimanpush', 'DELETE'],
    ['an encoded dot segment', '/api/v1/user/passkeys/%2e%2e/x', 'DELETE'],
    ['a backslash', '/api/v1/user/factor/a\\..\\b', 'PATCH'],
    ['a query smuggled into a change', '/api/v1/user/factor/opf1taimanpush?x', 'DELETE'],
    ['a fragment', '/api/v1/user/factor/opf1taimanpush#x', 'DELETE'],
    ['another host', '//attacker.example/api/v1/user/profile', 'GET'],
  ])('sends nothing to an address that is not the one written: %s', async (_, url, method) => {
    session.token = 'token-123';
    await expect(apiFetch(url, { method })).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'address',
      message: 'Not sent: the server gave an id the portal cannot use safely.',
    });
    expect(calls).toEqual([]);
  });

  it('sends an encoded id as written, one segment of the path', async () => {
    const call = apiFetch(`/api/v1/user/clients/${encodeURIComponent('../factor/opf1taimanpush')}`, { method: 'DELETE' });
    await answer(0, json({ status: true }));
    await call;
    expect(calls[0]!.url).toBe('http://localhost:3000/api/v1/user/clients/..%2Ffactor%2Fopf1taimanpush');
  });

  it('sends JSON bodies with a JSON content type', async () => {
    const call = apiFetch('/api/v1/user/profile', { method: 'POST', body: JSON.stringify({ secondaryEmail: 'a@b.c' }) });
    await answer(0, json({ status: true }));
    await call;
    expect(new Headers(calls[0]!.init.headers).get('Content-Type')).toBe('application/json');
  });

  it.each([
    ['a 200', 200],
    ['a 400', 400],
    ['a 500', 500],
  ])('turns a body with errorMessage into an error shown by its message, on %s', async (_, status) => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, json({ errorMessage: 'The account is locked.' }, status));
    await expect(call).rejects.toMatchObject({ name: 'ApiError', message: 'The account is locked.', kind: 'server', status });
  });

  it.each([
    ['a 500', 500],
    ['a 404', 404],
    ['a 409', 409],
  ])('takes a body that is what the contract says the call answers as the answer, on %s (spec section 7)', async (_, status) => {
    const profile = example('getProfile', 'full');
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, json(profile, status));
    await expect(call).resolves.toEqual(profile);
  });

  it.each([
    ["a gateway's {} (which fits the poll schema's optional fields)", '/api/v1/user/factor/f1/activate/poll', 'POST', {}],
    [
      'an error body with fields the contract does not know',
      '/api/v1/user/factor/f1/activate/poll',
      'POST',
      { factorResult: 'WAITING', message: 'Bad gateway' },
    ],
    ['a bare string (which fits the authorize answer, a string)', '/api/v1/auth/google/authorize?state=x', 'GET', 'Service Unavailable'],
  ])('is not fooled by %s under a 503', async (_, url, method, body) => {
    const call = apiFetch(url, { method });
    await answer(0, json(body, 503));
    await expect(call).rejects.toMatchObject({ name: 'ApiError', message: 'The server could not complete the request (HTTP 503).' });
  });

  it('keeps the sign-in path for a 401, whatever its body', async () => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, json(example('getProfile', 'full'), 401));
    await expect(call).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });

  it.each([
    ['a body of another shape', () => json({ message: 'boom' }, 500), 'The server could not complete the request (HTTP 500).'],
    ['an empty body', () => new Response('', { status: 502 }), 'The server could not complete the request (HTTP 502).'],
    ['a body that is not JSON', () => new Response('<h1>Bad gateway</h1>', { status: 502 }), 'The server sent a response the portal could not read.'],
  ])('turns %s under a failed status into an error with a clear message', async (_, response, message) => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, response());
    await expect(call).rejects.toMatchObject({ name: 'ApiError', message });
  });

  it('reads a non-200 success status as a response', async () => {
    const call = apiFetch('/api/v1/user/idps/1', { method: 'POST' });
    await answer(0, json({ status: true }, 201));
    await expect(call).resolves.toEqual({ status: true });
  });

  it('reads an empty body as no data', async () => {
    const call = apiFetch('/api/v1/user/sessions', { method: 'DELETE' });
    await answer(0, new Response(null, { status: 204 }));
    await expect(call).resolves.toBeUndefined();
  });

  it('reports a failed status without errorMessage with its status', async () => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, new Response('', { status: 503 }));
    await expect(call).rejects.toMatchObject({
      message: 'The server could not complete the request (HTTP 503).',
      status: 503,
    });
  });

  it('reports a body that is not JSON', async () => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, new Response('<html>oops', { status: 200 }));
    await expect(call).rejects.toMatchObject({ message: 'The server sent a response the portal could not read.' });
  });

  it("turns a network failure into 'Cannot connect to server'", async () => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, new TypeError('Failed to fetch'));
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Cannot connect to server', kind: 'network' });
  });

  it("words its own messages in the language of the moment, the server's as they came", async () => {
    const ours = apiFetch('/api/v1/user/profile').catch((e: unknown) => e);
    await answer(0, new Response('', { status: 503 }));
    const theirs = apiFetch('/api/v1/user/profile').catch((e: unknown) => e);
    await answer(1, json({ errorMessage: 'Token expired' }, 401));
    const [error, server] = (await Promise.all([ours, theirs])) as ApiError[];
    expect(error!.message).toBe('The server could not complete the request (HTTP 503).');
    setLanguage('zh-HK');
    await vi.waitFor(() => expect(error!.message).toBe('伺服器未能完成要求（HTTP 503）。'));
    expect(server!.message).toBe('Token expired');
    setLanguage('en');
    await vi.waitFor(() => expect(error!.message).toBe('The server could not complete the request (HTTP 503).'));
  });

  it('lets an aborted request reject as an abort, not as a server error', async () => {
    const call = apiFetch('/api/v1/user/profile');
    await answer(0, new DOMException('The operation was aborted.', 'AbortError'));
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives up on a call unanswered after 10 s, with a clear message', async () => {
    vi.useFakeTimers();
    const call = apiFetch('/api/v1/user/log').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toMatchObject({ name: 'ApiError', message: 'The server took too long to answer. Please try again.' });
  });

  it("passes the caller's cancellation on", async () => {
    const caller = new AbortController();
    const call = apiFetch('/api/v1/user/profile', { signal: caller.signal });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    caller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps at most 5 requests in flight and starts the next when one finishes', async () => {
    const all = Array.from({ length: 8 }, (_, i) => apiFetch(`/api/v1/user/log?n=${i}`));
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    await flush();
    expect(calls).toHaveLength(5);

    calls[2]!.resolve(json({ n: 2 }));
    await vi.waitFor(() => expect(calls).toHaveLength(6));
    expect(calls[5]!.url).toContain('n=5');

    for (let i = 0; i < 8; i += 1) {
      await vi.waitFor(() => expect(calls.length).toBeGreaterThan(i));
      calls[i]!.resolve(json({ n: i }));
    }
    const results = await Promise.all(all);
    expect(results.map((r) => (r as { n: number }).n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it.each([
    [0, 20],
    [0.5, 35],
    [0.999, 49],
  ])('holds a fast answer for 20-50 ms (random %f gives %i ms)', async (random, holdMs) => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(random);
    let settled = false;
    const call = apiFetch('/api/v1/user/profile').then((body) => {
      settled = true;
      return body;
    });
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.resolve(json({ ok: 1 }));
    await vi.advanceTimersByTimeAsync(holdMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(call).resolves.toEqual({ ok: 1 });
  });
});
