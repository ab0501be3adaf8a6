import type { User, UserManager } from 'oidc-client-ts';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../tests/support/server';
import { createAuth } from './auth';
import { createSession, userStorageKey } from './session';

const KEY = userStorageKey();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
/** The token the fetch function would send now (it reads the stored session, as the composition does). */
const tokenNow = () => createSession().accessToken();

function storeUser(fields: Record<string, unknown>) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token_type: 'Bearer', profile: { sub: 'smwong25' }, ...fields }));
}

/** The OpenID library as the composition sees it: like the real one, it stores the users it gets. */
function stubManager(callbackUser: Record<string, unknown> = { access_token: 't', profile: { sub: 'a' } }) {
  const stored = <T extends Record<string, unknown>>(user: T) => (storeUser(user), { expired: false, ...user } as unknown as User);
  return {
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => stored({ ...callbackUser, state: { returnTo: '/profile/mfa' } })),
    signoutRedirect: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => stored({ access_token: 'renewed', refresh_token: 'rt2', expires_at: inAnHour() })),
    metadataService: { getRevocationEndpoint: vi.fn(async () => 'http://localhost:9000/token/revocation') },
  };
}

/** Tests talk to no other tab. */
const quietChannel = { postMessage: () => undefined, addEventListener: () => undefined };

function authWith(manager: ReturnType<typeof stubManager>, options: Parameters<typeof createAuth>[1] = {}) {
  const load = vi.fn(async () => manager as unknown as UserManager);
  return { auth: createAuth(load, { channel: quietChannel, ...options }), load };
}

/** Records the refresh tokens revoked at the identity provider. */
function recordRevocations() {
  const revoked: string[] = [];
  server.use(
    http.post(
      'http://localhost:9000/token/revocation',
      async ({ request }) => (revoked.push(await request.text()), new HttpResponse(null, { status: 200 })),
    ),
  );
  return revoked;
}

beforeEach(() => window.sessionStorage.clear());

describe('createAuth', () => {
  it('hands out the token of a valid user without loading the OpenID library, and none of an expired one', async () => {
    storeUser({ access_token: 'fresh', expires_at: inAnHour() });
    const { auth, load } = authWith(stubManager());
    expect(await auth.getUser()).toMatchObject({ access_token: 'fresh' });
    expect(tokenNow()).toBe('fresh');
    expect(auth.expiresAt()).toBeGreaterThan(Date.now() / 1000);
    storeUser({ access_token: 'old', expires_at: 1000 });
    expect(await auth.getUser()).toBeNull();
    expect(tokenNow()).toBeUndefined();
    expect(auth.subject()).toBe('smwong25');
    expect(load).not.toHaveBeenCalled();
  });

  it('completes a callback with one exchange at the library, records when it began, and hands out its token', async () => {
    const manager = stubManager();
    manager.signinRedirectCallback.mockImplementation(async () => {
      storeUser({ access_token: 't', profile: { sub: 'a' } });
      return {
        access_token: 't',
        expired: false,
        profile: { sub: 'a' },
        state: { returnTo: 'https://evil.example/', startedAt: 1000, stepUp: true },
      } as never;
    });
    const { auth, load } = authWith(manager);
    await expect(auth.completeSignIn('http://x/cb?code=1')).resolves.toEqual({ returnTo: '/profile', subject: 'a', stepUp: true });
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem('portal.signedInAt')).toBe('1000');
    expect(tokenNow()).toBe('t');
  });

  it('a sign-in that was under way when the portal was logged out elsewhere is void', async () => {
    const manager = stubManager();
    manager.signinRedirectCallback.mockImplementation(async () => {
      storeUser({ access_token: 't', profile: { sub: 'a' } });
      return { access_token: 't', expired: false, profile: { sub: 'a' }, state: { returnTo: '/profile', startedAt: 1000 } } as never;
    });
    window.localStorage.setItem('portal.signedOutAt', '2000');
    const { auth } = authWith(manager);
    await expect(auth.completeSignIn('http://x/cb?code=3')).rejects.toMatchObject({ name: 'SignInRefused', key: 'auth.loggedOutMeanwhile' });
    expect(tokenNow()).toBeUndefined();
  });

  it('logs out: forgets everything before the first network call, tells the other tabs, ends the sessions, revokes, signs out at the end-session endpoint, and signs nobody in again', async () => {
    window.sessionStorage.setItem('portal.draft.smwong25.recoveryEmail', 'typed@example.org');
    storeUser({ access_token: 't', id_token: 'id-token', refresh_token: 'rt', expires_at: inAnHour() });
    const manager = stubManager();
    const posted: unknown[] = [];
    const revoked = recordRevocations();
    const { auth } = authWith(manager, { channel: { postMessage: (m: unknown) => posted.push(m), addEventListener: vi.fn() } });
    const storageWhenEnding: string[][] = [];
    await auth.signOut({
      endServerSessions: async (token) => {
        storageWhenEnding.push(Object.keys(window.sessionStorage), [token]);
      },
    });
    expect(storageWhenEnding).toEqual([['portal.endedPage'], ['t']]);
    expect(posted).toEqual(['signed-out']);
    expect(revoked).toEqual(['token=rt&token_type_hint=refresh_token&client_id=account-portal']);
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(tokenNow()).toBeUndefined();
    expect(auth.signedOut()).toBe(true);
    await auth.signIn({ returnTo: '/profile' });
    await auth.signOut();
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it("a logout in another tab ends this tab's session, tells the pages and revokes its refresh token", async () => {
    let deliver: (event: MessageEvent) => void = () => undefined;
    const channel = { postMessage: vi.fn(), addEventListener: (_: 'message', listener: (event: MessageEvent) => void) => (deliver = listener) };
    const { auth } = authWith(stubManager(), { channel });
    const listener = vi.fn();
    auth.onSignedOutElsewhere(listener);
    const revoked = recordRevocations();
    storeUser({ access_token: 't', refresh_token: 'rt', expires_at: inAnHour() });
    window.localStorage.setItem('portal.signedOutAt', String(Date.now() + 1000));
    deliver(new MessageEvent('message', { data: 'signed-out' }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(auth.signedOut()).toBe(true);
    expect(await auth.getUser()).toBeNull();
    await vi.waitFor(() => expect(revoked).toEqual(['token=rt&token_type_hint=refresh_token&client_id=account-portal']));
  });

  it('a tab that slept through the logout ends its session when the guard reads the user', async () => {
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

  it('a tab whose session a logout elsewhere voided, before it has heard of it, signs nobody in by itself', async () => {
    storeUser({ access_token: 't', refresh_token: 'rt', expires_at: inAnHour() });
    window.sessionStorage.setItem('portal.signedInAt', '1000');
    window.localStorage.setItem('portal.signedOutAt', '2000');
    const manager = stubManager();
    const { auth } = authWith(manager);
    const listener = vi.fn();
    auth.onSignedOutElsewhere(listener);
    const revoked = recordRevocations();
    // A 401 of a call sent after that logout asks first whether a logout has begun.
    expect(auth.signedOut()).toBe(true);
    await auth.signIn({ returnTo: '/profile/mfa' });
    expect(manager.signinRedirect).not.toHaveBeenCalled();
    // This tab's session ends here, as if the logout's message had arrived.
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    await vi.waitFor(() => expect(revoked).toEqual(['token=rt&token_type_hint=refresh_token&client_id=account-portal']));
  });

  it("marks a sign-in as the person's own only in a tab with no session, or when the caller says so", async () => {
    const manager = stubManager();
    const { auth } = authWith(manager);
    const marked = () => (manager.signinRedirect.mock.lastCall as unknown as [{ state: { byPerson?: true } }])[0].state.byPerson;
    // Nobody signed in here: the person opened the portal or its sign-in page.
    await auth.signIn({ returnTo: '/profile' });
    expect(marked()).toBe(true);
    // A tab holding a session, even an expired one, signs in again by itself: not the person's.
    storeUser({ access_token: 'old', expires_at: 1000 });
    await auth.signIn({ returnTo: '/profile/mfa' });
    expect(marked()).toBeUndefined();
    await auth.signIn({ returnTo: '/profile/mfa', byPerson: true });
    expect(marked()).toBe(true);
  });

  it('renews with the refresh token only, and never once signing out has begun', async () => {
    storeUser({ access_token: 'old', expires_at: inAnHour() });
    const manager = stubManager();
    const { auth } = authWith(manager);
    expect(await auth.renew()).toBe(false);
    expect(manager.signinSilent).not.toHaveBeenCalled();

    storeUser({ access_token: 'old', refresh_token: 'rt', expires_at: inAnHour() });
    expect(await auth.renew()).toBe(true);
    expect(tokenNow()).toBe('renewed');
    manager.signinSilent.mockRejectedValueOnce(new Error('invalid_grant'));
    expect(await auth.renew()).toBe(false);

    recordRevocations();
    await auth.signOut();
    storeUser({ access_token: 'late', refresh_token: 'rt', expires_at: inAnHour() });
    expect(await auth.renew()).toBe(false);
  });

  it('a renewal that raced the logout does not bring the tokens back', async () => {
    storeUser({ access_token: 'old', refresh_token: 'rt', expires_at: inAnHour() });
    const manager = stubManager();
    let answer!: () => void;
    manager.signinSilent.mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => (
            storeUser({ access_token: 'renewed', refresh_token: 'rt2' }),
            resolve({ access_token: 'renewed', expired: false } as never)
          );
        }),
    );
    const { auth } = authWith(manager);
    const renewing = auth.renew();
    await vi.waitFor(() => expect(manager.signinSilent).toHaveBeenCalled());
    recordRevocations();
    const out = auth.signOut();
    answer();
    expect(await renewing).toBe(false);
    await out;
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
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

  it('forgets the user in this browser without the OpenID library (which may be what failed to load)', async () => {
    storeUser({ access_token: 't', expires_at: inAnHour() });
    const load = vi.fn(async (): Promise<UserManager> => {
      throw new Error('chunk failed');
    });
    const auth = createAuth(load, { channel: quietChannel });
    await auth.forgetUser();
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    expect(tokenNow()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
  });
});
