import type { User, UserManager } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../navigation/browser';
import { createOpenId } from './openId';

function stubManager(callbackUser: Partial<User> = {}) {
  return {
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => ({ ...callbackUser, state: { returnTo: '/profile/mfa' } }) as unknown as User),
    removeUser: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => ({ access_token: 'renewed', expired: false }) as unknown as User),
    metadataService: { getRevocationEndpoint: vi.fn(async () => 'http://localhost:9000/token/revocation') },
  };
}

function openIdWith(manager: ReturnType<typeof stubManager>, language = () => 'en') {
  const load = vi.fn(async () => manager as unknown as UserManager);
  return { openId: createOpenId(load, { language, now: () => 1234 }), load };
}

/** A revocation endpoint that never answers (it only gives up when aborted). */
function hangingFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createOpenId', () => {
  it('starts sign-in with a safe return path only, and the time it started', async () => {
    const manager = stubManager();
    await openIdWith(manager).openId.signIn({ returnTo: 'https://evil.example/', scope: 'openid google' });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile', startedAt: 1234 },
      ui_locales: 'en',
      scope: 'openid google',
    });
  });

  it("marks the state data of a sign-in the person started, but never of a link's sign-in or a step-up", async () => {
    const manager = stubManager();
    const { openId } = openIdWith(manager);
    const stateOf = async (options: Parameters<typeof openId.signIn>[0]) => {
      await openId.signIn(options);
      return (manager.signinRedirect.mock.lastCall as unknown as [{ state: Record<string, unknown> }])[0].state;
    };
    expect(await stateOf({ returnTo: '/profile', byPerson: true })).toEqual({ returnTo: '/profile', startedAt: 1234, byPerson: true });
    expect(await stateOf({ byPerson: true, link: 'n0nce-0123456789abcdef' })).not.toHaveProperty('byPerson');
    expect(await stateOf({ byPerson: true, maxAge: 300 })).not.toHaveProperty('byPerson');
    expect(await stateOf({ byPerson: true, acrValues: 'mfa' })).not.toHaveProperty('byPerson');
    // An empty acr_values (a crafted challenge) asks for nothing: no step-up, whose completion would be unchecked.
    expect(await stateOf({ returnTo: '/profile', byPerson: true, acrValues: '' })).toEqual({ returnTo: '/profile', startedAt: 1234, byPerson: true });
  });

  it('leaves in place of the current history entry when asked to (the first code), and in the language given', async () => {
    const manager = stubManager();
    await openIdWith(manager, () => 'zh-HK').openId.signIn({ returnTo: '/profile/details', replace: true });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile/details', startedAt: 1234 },
      ui_locales: 'zh-HK',
      redirectMethod: 'replace',
    });
  });

  it('asks for a fresh authentication when the sign-in completes a link, and carries its nonce', async () => {
    const manager = stubManager();
    await openIdWith(manager).openId.signIn({ returnTo: '/profile', scope: 'openid google', link: 'nonce-1234567890abcdef', maxAge: 300 });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile', startedAt: 1234, link: 'nonce-1234567890abcdef', maxAge: 0 },
      ui_locales: 'en',
      scope: 'openid google',
      prompt: 'login',
      max_age: 0,
    });
  });

  it('asks for the max_age and acr_values of a step-up challenge, and keeps them to check the answer against', async () => {
    const manager = stubManager();
    await openIdWith(manager).openId.signIn({ returnTo: '/profile/mfa', maxAge: 300, acrValues: 'phr' });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/profile/mfa', startedAt: 1234, maxAge: 300, acrValues: 'phr', stepUp: true },
      ui_locales: 'en',
      max_age: 300,
      acr_values: 'phr',
    });
  });

  it('tries the library again after it could not be loaded (the identity provider was unreachable), once per step', async () => {
    const manager = stubManager();
    const load = vi
      .fn<() => Promise<UserManager>>()
      .mockRejectedValueOnce(new Error('discovery timed out'))
      .mockResolvedValue(manager as unknown as UserManager);
    const openId = createOpenId(load, { language: () => 'en' });
    await expect(openId.signIn({ returnTo: '/profile' })).rejects.toThrow('discovery timed out');
    expect(load).toHaveBeenCalledTimes(1);
    await openId.signIn({ returnTo: '/profile' });
    await openId.signIn({ returnTo: '/profile' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(manager.signinRedirect).toHaveBeenCalledTimes(2);
  });

  it('completes a callback with one exchange at the library', async () => {
    const manager = stubManager({ access_token: 't', profile: { sub: 'a' } as User['profile'] });
    const { openId } = openIdWith(manager);
    await expect(openId.completeSignIn('http://x/cb?code=1')).resolves.toMatchObject({
      user: { access_token: 't' },
      state: { returnTo: '/profile/mfa' },
    });
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(manager.signinRedirectCallback).toHaveBeenCalledWith('http://x/cb?code=1');
  });

  const idToken = (claims: object) => `h.${btoa(JSON.stringify(claims))}.s`;
  it.each([
    ['a fresh authentication', { iat: 5000, auth_time: 4990 }, true],
    ['an authentication 2 minutes old', { iat: 5000, auth_time: 4880 }, true],
    ['a single sign-on session an hour old', { iat: 5000, auth_time: 1400 }, false],
    ['no auth_time at all', { iat: 5000 }, false],
  ])('a link sign-in with %s: completed %s', async (_, claims, completes) => {
    const manager = stubManager();
    manager.signinRedirectCallback.mockResolvedValue({
      access_token: 't',
      id_token: idToken(claims),
      profile: { sub: 'a' },
      state: { returnTo: '/profile', link: 'n-1234567890abcdef', maxAge: 0 },
    } as never);
    const done = openIdWith(manager).openId.completeSignIn('http://x/cb?code=2');
    if (completes) await expect(done).resolves.toMatchObject({ state: { link: 'n-1234567890abcdef' } });
    else await expect(done).rejects.toMatchObject({ name: 'SignInRefused', key: 'auth.notFresh' });
  });

  it.each([
    ['the class asked for', { acr: 'myACR' }, 'myACR', true],
    ['one of the classes asked for', { acr: 'urn:mfa' }, 'phr urn:mfa', true],
    ['a weaker class', { acr: '0' }, 'myACR', false],
    ['no acr at all', {}, 'myACR', false],
    ['an acr that only contains the one asked for', { acr: 'myACR weak' }, 'myACR', false],
  ])('a step-up asking for acr_values answered with %s: completed %s', async (_, claims, acrValues, completes) => {
    const manager = stubManager();
    manager.signinRedirectCallback.mockResolvedValue({
      access_token: 't',
      id_token: idToken(claims),
      profile: { sub: 'a' },
      state: { returnTo: '/profile/details', acrValues, stepUp: true },
    } as never);
    const done = openIdWith(manager).openId.completeSignIn('http://x/cb?code=3');
    if (completes) await expect(done).resolves.toMatchObject({ state: { stepUp: true } });
    else await expect(done).rejects.toMatchObject({ name: 'SignInRefused', key: 'auth.notStrongEnough' });
  });

  it('renews silently, and answers null when the identity provider refuses', async () => {
    const manager = stubManager();
    const { openId } = openIdWith(manager);
    await expect(openId.renew()).resolves.toMatchObject({ access_token: 'renewed' });
    manager.signinSilent.mockRejectedValue(new Error('invalid_grant'));
    await expect(openId.renew()).resolves.toBeNull();
  });

  it('signs out: revokes the refresh token, then leaves for the end-session endpoint with the ID token', async () => {
    const fetched: Array<[string, RequestInit]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => (fetched.push([url, init]), new Response(null, { status: 200 }))),
    );
    const manager = stubManager();
    await openIdWith(manager).openId.signOut({ refreshToken: 'rt', idToken: 'id-token' });
    expect(fetched.map(([url, init]) => [url, String(init.body)])).toEqual([
      ['http://localhost:9000/token/revocation', 'token=rt&token_type_hint=refresh_token&client_id=account-portal'],
    ]);
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
  });

  it('signs out to the page it is given instead of the end-session endpoint', async () => {
    const manager = stubManager();
    await openIdWith(manager).openId.signOut({ leaveTo: 'https://sso.example/logout' });
    expect(browser.assign).toHaveBeenCalledWith('https://sso.example/logout');
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
  });

  it('gives up revoking the refresh token after 2 s', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const manager = stubManager();
    const done = openIdWith(manager).openId.signOut({ refreshToken: 'rt', idToken: 'id' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);
  });

  it('revoking alone never fails, also when the library cannot be loaded', async () => {
    const openId = createOpenId(() => Promise.reject(new Error('chunk failed')), { language: () => 'en' });
    await expect(openId.revoke('rt')).resolves.toBeUndefined();
  });

  it('leaves for the identity provider only once the signed-out page is ready, or after 5 s at most', async () => {
    vi.useFakeTimers();
    const manager = stubManager();
    let shown!: () => void;
    const done = openIdWith(manager).openId.signOut({ idToken: 'id', ready: new Promise<void>((resolve) => (shown = resolve)) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    shown();
    await done;
    expect(manager.signoutRedirect).toHaveBeenCalledTimes(1);

    const stuck = stubManager();
    const second = openIdWith(stuck).openId.signOut({ idToken: 'id', ready: new Promise(() => undefined) });
    await vi.advanceTimersByTimeAsync(4999);
    expect(stuck.signoutRedirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await second;
    expect(stuck.signoutRedirect).toHaveBeenCalledTimes(1);
  });
});
