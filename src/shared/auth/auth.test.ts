import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuth, readStoredUser, userStorageKey } from './auth';

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
    revokeTokens: vi.fn(async () => undefined),
    signinSilent: vi.fn(async () => ({ access_token: 'renewed', expired: false, expires_at: inAnHour(), profile: { sub: 'smwong25' } })),
  };
}

function authWith(manager: ReturnType<typeof stubManager>) {
  const load = vi.fn(async () => manager as unknown as UserManager);
  return { auth: createAuth(load), load };
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
    const user = new User({ access_token: 'abc', id_token: 'id', token_type: 'Bearer', profile: { sub: 'u1', iss: 'x', aud: 'y', exp: 0, iat: 0 }, expires_at: inAnHour() });
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
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/profile' }, ui_locales: 'en', scope: 'openid google' });
  });

  it('redeems a callback once even when asked twice, and hands out its token', async () => {
    const manager = stubManager({ access_token: 't', expired: false, profile: { sub: 'a' } as User['profile'] });
    const { auth, load } = authWith(manager);
    const [a, b] = await Promise.all([auth.completeSignIn('http://x/cb?code=1'), auth.completeSignIn('http://x/cb?code=1')]);
    expect([a, b]).toEqual(['/profile/mfa', '/profile/mfa']);
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(auth.accessToken()).toBe('t');
  });

  it('logs out through the end-session endpoint with the ID token, clearing tokens and the link state but not the language and theme', async () => {
    window.localStorage.setItem('portal.language', 'zh-HK');
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    window.sessionStorage.setItem('portal.draft.smwong25.recoveryEmail', 'typed@example.org');
    window.localStorage.setItem('state', 'eyJtb2RlIjoic3RhcnRMaW5rSWRwIn0=');
    window.localStorage.setItem('socialState.google', 'x'.repeat(32));
    storeUser({ access_token: 't', id_token: 'id-token', expires_at: inAnHour() });
    const manager = stubManager();
    const { auth } = authWith(manager);
    await auth.getUser();
    await auth.signOut();
    expect(manager.revokeTokens).toHaveBeenCalledWith(['refresh_token']);
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    expect(Object.keys(window.localStorage).sort()).toEqual(['mantine-color-scheme-value', 'portal.language']);
    expect(window.sessionStorage.getItem('portal.draft.smwong25.recoveryEmail')).toBeNull();
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

    await auth.signOut();
    storeUser({ access_token: 'late', refresh_token: 'rt', expires_at: inAnHour() });
    expect(await auth.renew()).toBe(false);
  });

  it('removes the tokens even when the OpenID library cannot be loaded at logout', async () => {
    storeUser({ access_token: 't', id_token: 'id', expires_at: inAnHour() });
    const auth = createAuth(async () => {
      throw new Error('chunk failed');
    });
    await expect(auth.signOut()).rejects.toThrow('chunk failed');
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });
});
