import type { User, UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { createAuth } from './auth';

function stubManager(user: Partial<User> | null) {
  return {
    events: { addUserLoaded: vi.fn(), addUserUnloaded: vi.fn() },
    getUser: vi.fn(async () => user),
    signinRedirect: vi.fn(async () => undefined),
    signinRedirectCallback: vi.fn(async () => ({ ...user, state: { returnTo: '/profile/mfa' } })),
    removeUser: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => undefined),
  };
}

describe('createAuth', () => {
  it('trusts no expired user and hands out no token for it', async () => {
    const auth = createAuth(stubManager({ access_token: 'old', expired: true }) as unknown as UserManager);
    expect(await auth.getUser()).toBeNull();
    expect(auth.accessToken()).toBeUndefined();
  });

  it('hands out the token of a valid user', async () => {
    const auth = createAuth(stubManager({ access_token: 'fresh', expired: false }) as unknown as UserManager);
    expect(await auth.getUser()).not.toBeNull();
    expect(auth.accessToken()).toBe('fresh');
  });

  it('starts sign-in with a safe return path only', async () => {
    const manager = stubManager(null);
    const auth = createAuth(manager as unknown as UserManager);
    await auth.signIn({ returnTo: 'https://evil.example/', scope: 'openid google' });
    expect(manager.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/profile' }, scope: 'openid google' });
  });

  it('redeems a callback once even when asked twice', async () => {
    const manager = stubManager({ access_token: 't', expired: false });
    const auth = createAuth(manager as unknown as UserManager);
    const [a, b] = await Promise.all([auth.completeSignIn('http://x/cb?code=1'), auth.completeSignIn('http://x/cb?code=1')]);
    expect([a, b]).toEqual(['/profile/mfa', '/profile/mfa']);
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
  });

  it('logs out through the end-session endpoint with the ID token, clearing tokens and the link state', async () => {
    window.localStorage.setItem('state', 'eyJtb2RlIjoic3RhcnRMaW5rSWRwIn0=');
    window.localStorage.setItem('socialState.google', 'x'.repeat(32));
    const manager = stubManager({ access_token: 't', id_token: 'id-token', expired: false });
    const auth = createAuth(manager as unknown as UserManager);
    await auth.getUser();
    await auth.signOut();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id-token' });
    expect(window.localStorage.length).toBe(0);
    expect(auth.accessToken()).toBeUndefined();
  });
});
