import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../tests/support/server';
import { createAuth, userStorageKey } from './auth';
import { readStoredUser } from './storedUser';

const KEY = userStorageKey();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function storeUser(fields: Record<string, unknown>) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token_type: 'Bearer', profile: { sub: 'smwong25' }, ...fields }));
}

function stubManager(callbackUser: Partial<User> | null = null) {
  return {
    events: { addUserLoaded: vi.fn(), addUserUnloaded: vi.fn() },
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => ({ ...callbackUser, state: { returnTo: '/profile/mfa' } })),
    removeUser: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => ({ access_token: 'renewed', expired: false, expires_at: inAnHour(), profile: { sub: 'smwong25' } })),
    metadataService: { getRevocationEndpoint: vi.fn(async () => 'http://localhost:9000/token/revocation') },
  };
}

/** Tests talk to no other tab. */
const quietChannel = { postMessage: () => undefined, addEventListener: () => undefined };

function authWith(manager: ReturnType<typeof stubManager>) {
  const load = vi.fn(async () => manager as unknown as UserManager);
  return { auth: createAuth(load, { channel: quietChannel }), load };
}

beforeEach(() => window.sessionStorage.clear());

describe('readStoredUser', () => {
  it('reads the user exactly as oidc-client-ts stores it', async () => {
    const manager = new UserManager({
      authority: 'http://localhost:9000',
      client_id: 'account-portal',
      redirect_uri: 'http://localhost/cb',
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    });
    const user = new User({
      access_token: 'abc',
      id_token: 'id',
      token_type: 'Bearer',
      profile: { sub: 'u1', iss: 'x', aud: 'y', exp: 0, iat: 0 },
      expires_at: inAnHour(),
    });
    await manager.storeUser(user);
    const read = readStoredUser(window.sessionStorage, userStorageKey('http://localhost:9000', 'account-portal'));
    expect(read).toMatchObject({ access_token: 'abc', id_token: 'id', profile: { sub: 'u1' } });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['no access token', JSON.stringify({ profile: { sub: 'a' } })],
    ['no subject', JSON.stringify({ access_token: 't', profile: {} })],
    ['expired', JSON.stringify({ access_token: 't', profile: { sub: 'a' }, expires_at: 1 })],
    ['a token that is not a string', JSON.stringify({ access_token: 42, profile: { sub: 'a' } })],
  ])('trusts nothing when there is %s', (_case, stored) => {
    if (stored !== null) window.sessionStorage.setItem(KEY, stored);
    expect(readStoredUser(window.sessionStorage, KEY)).toBeNull();
  });
});

describe('createAuth', () => {
  it('trusts no expired user and hands out no token for it', async () => {
    storeUser({ access_token: 'old', expires_at: 1000 });
    const { auth } = authWith(stubManager());
    expect(await auth.getUser()).toBeNull();
    expect(auth.accessToken()).toBeUndefined();
  });

  it('hands out the token of a valid user without loading the OpenID library', async () => {
    storeUser({ access_token: 'fresh', expires_at: inAnHour() });
    const { auth, load } = authWith(stubManager());
    expect(await auth.getUser()).not.toBeNull();
    expect(auth.accessToken()).toBe('fresh');
    expect(load).not.toHaveBeenCalled();
  });

  it('starts sign-in with a safe return path only', async () => {
    const manager = stubManager();
    const { auth } = authWith(manager);
    await auth.signIn({ returnTo: 'https://evil.example/', scope: 'openid google' });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile', startedAt: expect.any(Number) },
      ui_locales: 'en',
      scope: 'openid google',
    });
  });

  it('leaves in place of the current history entry when asked to (the first code), and in the language given', async () => {
    const manager = stubManager();
    const auth = createAuth(async () => manager as unknown as UserManager, { channel: quietChannel, language: () => 'zh-HK' });
    await auth.signIn({ returnTo: '/profile/details', replace: true });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile/details', startedAt: expect.any(Number) },
      ui_locales: 'zh-HK',
      redirectMethod: 'replace',
    });
  });

  it('tries the library again after it could not be loaded (the identity provider was unreachable), once per step', async () => {
    const manager = stubManager();
    const load = vi
      .fn<() => Promise<UserManager>>()
      .mockRejectedValueOnce(new Error('discovery timed out'))
      .mockResolvedValue(manager as unknown as UserManager);
    const auth = createAuth(load, { channel: quietChannel });
    await expect(auth.signIn({ returnTo: '/profile' })).rejects.toThrow('discovery timed out');
    expect(load).toHaveBeenCalledTimes(1);
    await auth.signIn({ returnTo: '/profile' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(manager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('asks for a fresh authentication when the sign-in completes a link, and carries its nonce', async () => {
    const manager = stubManager();
    const { auth } = authWith(manager);
    await auth.signIn({ returnTo: '/profile', scope: 'openid google', link: 'nonce-1234567890abcdef' });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile', startedAt: expect.any(Number), link: 'nonce-1234567890abcdef', maxAge: 0 },
      ui_locales: 'en',
      scope: 'openid google',
      prompt: 'login',
      max_age: 0,
    });
  });

  it('asks for the max_age of a step-up challenge', async () => {
    const manager = stubManager();
    const { auth } = authWith(manager);
    await auth.signIn({ returnTo: '/profile/mfa', maxAge: 300 });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile/mfa', startedAt: expect.any(Number), maxAge: 300, stepUp: true },
      ui_locales: 'en',
      max_age: 300,
    });
  });

  it('completes a callback with one exchange at the library, and hands out its token', async () => {
    const manager = stubManager({ access_token: 't', expired: false, profile: { sub: 'a' } as User['profile'] });
    const { auth, load } = authWith(manager);
    await expect(auth.completeSignIn('http://x/cb?code=1')).resolves.toEqual({ returnTo: '/profile/mfa', subject: 'a', stepUp: false });
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith('http://x/cb?code=1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(auth.accessToken()).toBe('t');
  });

  const idToken = (claims: object) => `h.${btoa(JSON.stringify(claims))}.s`;
  it.each([
    ['a fresh authentication', { iat: 5000, auth_time: 4990 }, true],
    ['an authentication 2 minutes old', { iat: 5000, auth_time: 4880 }, true],
    ['a single sign-on session an hour old', { iat: 5000, auth_time: 1400 }, false],
    ['no auth_time at all', { iat: 5000 }, false],
  ])('a link sign-in with %s: completed %s', async (_, claims, completes) => {
    const manager = stubManager({ access_token: 't', expired: false, id_token: idToken(claims), profile: { sub: 'a' } as User['profile'] });
    manager.signinRedirectCallback.mockResolvedValue({
      access_token: 't',
      expired: false,
      id_token: idToken(claims),
      profile: { sub: 'a' },
      state: { returnTo: '/profile', link: 'n-1234567890abcdef', maxAge: 0 },
    } as never);
    const { auth } = authWith(manager);
    const done = auth.completeSignIn('http://x/cb?code=2');
    if (completes) await expect(done).resolves.toEqual({ returnTo: '/profile', subject: 'a', link: 'n-1234567890abcdef', stepUp: false });
    else await expect(done).rejects.toMatchObject({ name: 'SignInRefused', key: 'auth.notFresh' });
  });

  it('knows which callback addresses this tab is waiting for', () => {
    window.sessionStorage.setItem('oidc.abc123', '{}');
    const { auth } = authWith(stubManager());
    expect(auth.isPendingSignIn('http://localhost/auth/default/callback?code=c&state=abc123')).toBe(true);
    expect(auth.isPendingSignIn('http://localhost/auth/default/callback?code=c&state=forged')).toBe(false);
    expect(auth.isPendingSignIn('http://localhost/auth/default/callback?code=c')).toBe(false);
    expect(auth.isPendingSignIn('not a url')).toBe(false);
  });

  it('hands out the stored token on a public page too, where the guard has not read the user', () => {
    storeUser({ access_token: 'on-a-callback', expires_at: inAnHour() });
    const { auth } = authWith(stubManager());
    expect(auth.accessToken()).toBe('on-a-callback');
  });

  it('logs out: forgets everything before the first network call, tells the other tabs, ends the sessions, revokes, and signs out at the end-session endpoint', async () => {
    window.localStorage.setItem('portal.language', 'zh-HK');
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    window.sessionStorage.setItem('portal.draft.smwong25.recoveryEmail', 'typed@example.org');
    window.sessionStorage.setItem('oidc.pending-state', '{}');
    window.sessionStorage.setItem('portal.reauthAt', '1');
    window.localStorage.setItem('state', 'eyJtb2RlIjoic3RhcnRMaW5rSWRwIn0=');
    storeUser({ access_token: 't', id_token: 'id-token', refresh_token: 'rt', expires_at: inAnHour() });
    const manager = stubManager();
    const posted: unknown[] = [];
    const channel = { postMessage: (m: unknown) => posted.push(m), addEventListener: vi.fn() };
    const fetched: Array<[string, RequestInit]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => (fetched.push([url, init]), new Response(null, { status: 200 }))),
    );
    const auth = createAuth(async () => manager as unknown as UserManager, { channel });
    await auth.getUser();
    const storageWhenEnding: string[][] = [];
    await auth.signOut({
      endServerSessions: async (token) => {
        storageWhenEnding.push(Object.keys(window.sessionStorage), [token]);
      },
    });
    expect(storageWhenEnding).toEqual([[], ['t']]);
    expect(posted).toEqual(['signed-out']);
    expect(fetched.map(([url, init]) => [url, String(init.body)])).toEqual([
      ['http://localhost:9000/token/revocation', 'token=rt&token_type_hint=refresh_token&client_id=account-portal'],
    ]);
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(Object.keys(window.localStorage).sort()).toEqual(['mantine-color-scheme-value', 'portal.language', 'portal.signedOutAt']);
    expect(auth.accessToken()).toBeUndefined();
    expect(auth.signedOut()).toBe(true);
    await auth.signIn({ returnTo: '/profile' });
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('gives up revoking the refresh token after 2 s', async () => {
    vi.useFakeTimers();
    storeUser({ access_token: 't', id_token: 'id', refresh_token: 'rt', expires_at: inAnHour() });
    const manager = stubManager();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    );
    const { auth } = authWith(manager);
    const done = auth.signOut();
    await vi.advanceTimersByTimeAsync(1999);
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('leaves for the identity provider only once the signed-out page is ready, or after 5 s at most', async () => {
    vi.useFakeTimers();
    storeUser({ access_token: 't', id_token: 'id', expires_at: inAnHour() });
    const manager = stubManager();
    const { auth } = authWith(manager);
    let shown!: () => void;
    const done = auth.signOut({ ready: new Promise<void>((resolve) => (shown = resolve)) });
    await vi.advanceTimersByTimeAsync(1000);
    // The session is gone at once; only the leaving waits.
    expect(auth.accessToken()).toBeUndefined();
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    shown();
    await done;
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);

    storeUser({ access_token: 't', id_token: 'id', expires_at: inAnHour() });
    const stuck = stubManager();
    const second = authWith(stuck).auth.signOut({ ready: new Promise(() => undefined) });
    await vi.advanceTimersByTimeAsync(4999);
    expect(stuck.signoutRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(stuck.signoutRedirect).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });

  it("a logout in another tab ends this tab's session too and revokes its refresh token; a tab without one, or a message without a logout, is left alone", async () => {
    let deliver: (event: MessageEvent) => void = () => undefined;
    const channel = { postMessage: vi.fn(), addEventListener: (_: 'message', listener: (event: MessageEvent) => void) => (deliver = listener) };
    const manager = stubManager();
    const auth = createAuth(async () => manager as unknown as UserManager, { channel });
    const listener = vi.fn();
    auth.onSignedOutElsewhere(listener);
    const signedOut = () => new MessageEvent('message', { data: 'signed-out' });

    window.localStorage.setItem('portal.signedOutAt', String(Date.now() + 1000));
    deliver(signedOut());
    expect(listener).not.toHaveBeenCalled();
    expect(auth.signedOut()).toBe(false);

    window.localStorage.removeItem('portal.signedOutAt');
    storeUser({ access_token: 't', refresh_token: 'rt', expires_at: inAnHour() });
    window.sessionStorage.setItem('portal.draft.smwong25.recoveryEmail', 'typed');
    expect(auth.accessToken()).toBe('t');
    // A forged or stray message, with no logout recorded, ends nothing.
    deliver(signedOut());
    expect(listener).not.toHaveBeenCalled();

    const revoked: string[] = [];
    server.use(
      http.post(
        'http://localhost:9000/token/revocation',
        async ({ request }) => (revoked.push(await request.text()), new HttpResponse(null, { status: 200 })),
      ),
    );
    window.localStorage.setItem('portal.signedOutAt', String(Date.now() + 1000));
    deliver(signedOut());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(Object.keys(window.sessionStorage)).toEqual([]);
    expect(auth.accessToken()).toBeUndefined();
    expect(await auth.getUser()).toBeNull();
    await vi.waitFor(() => expect(revoked).toEqual(['token=rt&token_type_hint=refresh_token&client_id=account-portal']));
  });

  it('a tab that slept through the logout (back-forward cache, discarded, reopened) finds its tokens void', async () => {
    storeUser({ access_token: 't', expires_at: inAnHour() });
    window.sessionStorage.setItem('portal.signedInAt', '1000');
    window.localStorage.setItem('portal.signedOutAt', '2000');
    const { auth } = authWith(stubManager());
    const listener = vi.fn();
    auth.onSignedOutElsewhere(listener);
    expect(await auth.getUser()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('a sign-in that was under way when the portal was logged out elsewhere is void', async () => {
    const manager = stubManager();
    manager.signinRedirectCallback.mockResolvedValue({
      access_token: 't',
      expired: false,
      profile: { sub: 'a' },
      state: { returnTo: '/profile', startedAt: 1000 },
    } as never);
    window.localStorage.setItem('portal.signedOutAt', '2000');
    const { auth } = authWith(manager);
    await expect(auth.completeSignIn('http://x/cb?code=3')).rejects.toMatchObject({ name: 'SignInRefused', key: 'auth.loggedOutMeanwhile' });
    expect(auth.accessToken()).toBeUndefined();
  });

  it('renews with the refresh token only, and never once signing out has begun', async () => {
    storeUser({ access_token: 'old', expires_at: inAnHour() });
    const manager = stubManager();
    const { auth } = authWith(manager);
    await auth.getUser();
    expect(await auth.renew()).toBe(false);
    expect(manager.signinSilent).not.toHaveBeenCalled();

    storeUser({ access_token: 'old', refresh_token: 'rt', expires_at: inAnHour() });
    expect(await auth.renew()).toBe(true);
    expect(auth.accessToken()).toBe('renewed');

    server.use(http.post('http://localhost:9000/token/revocation', () => new HttpResponse(null, { status: 200 })));
    await auth.signOut();
    storeUser({ access_token: 'late', refresh_token: 'rt', expires_at: inAnHour() });
    expect(await auth.renew()).toBe(false);
  });

  it('removes the tokens even when the OpenID library cannot be loaded at logout', async () => {
    storeUser({ access_token: 't', id_token: 'id', expires_at: inAnHour() });
    const auth = createAuth(
      async () => {
        throw new Error('chunk failed');
      },
      { channel: quietChannel },
    );
    await expect(auth.signOut()).rejects.toThrow('chunk failed');
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });
});
