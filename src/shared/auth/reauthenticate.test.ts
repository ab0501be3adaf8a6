import { describe, expect, it } from 'vitest';
import { fakeAuth } from '../../../tests/support/renderRoute';
import { createReauthenticator, REAUTH_QUIET_MS } from './reauthenticate';

describe('createReauthenticator', () => {
  it('signs in again once, back to the same page, keeping the old token until the new one arrives', async () => {
    const auth = fakeAuth();
    const onUnauthorized = createReauthenticator(auth, { storage: window.sessionStorage, now: () => 1_000_000, here: () => '/profile/mfa?x=1' });
    expect(onUnauthorized()).toBe(true);
    expect(onUnauthorized()).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(auth.forgetUser).not.toHaveBeenCalled();
    expect(auth.signIn).toHaveBeenCalledTimes(1);
    expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/mfa?x=1' });
  });

  it('shows the error instead of looping when refused again right after signing in', () => {
    let time = 5_000_000;
    const first = createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' });
    expect(first()).toBe(true);
    // The page came back from the identity provider: a new reauthenticator, same session storage.
    time += 10_000;
    const afterReturn = createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' });
    expect(afterReturn()).toBe(false);
    time += REAUTH_QUIET_MS;
    expect(afterReturn()).toBe(true);
  });
});
