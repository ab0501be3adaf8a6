import { describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../../tests/support/renderRoute';
import { ApiError } from '../api/ApiError';
import { parseBearerChallenge } from '../api/challenge';
import { createReauthenticator, REAUTH_QUIET_MS } from './reauthenticate';

const expired = new ApiError('Token expired', 'server', 401, parseBearerChallenge('Bearer error="invalid_token"'));
const stepUp = new ApiError(
  'Please sign in again',
  'server',
  401,
  parseBearerChallenge('Bearer error="insufficient_user_authentication", max_age=300'),
);

describe('createReauthenticator', () => {
  it('signs in again once, back to the same page, keeping the old token until the new one arrives', async () => {
    const auth = fakeAuth();
    const onUnauthorized = createReauthenticator(auth, { storage: window.sessionStorage, now: () => 1_000_000, here: () => '/profile/mfa?x=1' });
    expect(onUnauthorized(expired)).toBe(true);
    expect(onUnauthorized(expired)).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(auth.forgetUser).not.toHaveBeenCalled();
    expect(auth.signIn).toHaveBeenCalledTimes(1);
    expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/mfa?x=1' });
  });

  it("answers a step-up challenge with a sign-in that asks for the server's max_age", () => {
    const auth = fakeAuth();
    const onUnauthorized = createReauthenticator(auth, { storage: window.sessionStorage, here: () => '/profile/question' });
    expect(onUnauthorized(stepUp)).toBe(true);
    expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/question', maxAge: 300 });
  });

  it.each([
    [
      'acr_values alone (RFC 9470 example 1)',
      'Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR"',
      { acrValues: 'myACR' },
    ],
    [
      'max_age alone (RFC 9470 example 2)',
      'Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", max_age="5"',
      { maxAge: 5 },
    ],
    [
      'both, after another challenge',
      'DPoP algs="ES256", Bearer error="insufficient_user_authentication", acr_values="gold", max_age=60',
      { maxAge: 60, acrValues: 'gold' },
    ],
    ['neither: a fresh sign-in', 'Bearer error="insufficient_user_authentication"', { maxAge: 0 }],
  ])('passes on what a step-up asks for: %s', (_, header, asked) => {
    const auth = fakeAuth();
    const onUnauthorized = createReauthenticator(auth, { storage: window.sessionStorage, here: () => '/profile/details' });
    expect(onUnauthorized(new ApiError('Sign in again', 'server', 401, parseBearerChallenge(header)))).toBe(true);
    expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/details', ...asked });
  });

  it('a step-up asking for another acr right after one is carried out; the same one again is shown instead of looping', () => {
    let time = 9_000_000;
    const challenge = (acr: string) =>
      new ApiError('x', 'server', 401, parseBearerChallenge(`Bearer error="insufficient_user_authentication", acr_values="${acr}"`));
    expect(createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' })(challenge('silver'))).toBe(true);
    time += 10_000;
    const afterReturn = createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' });
    expect(afterReturn(challenge('silver'))).toBe(false);
    expect(createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' })(challenge('gold'))).toBe(true);
  });

  it('shows the error instead of looping when refused again right after signing in', () => {
    let time = 5_000_000;
    const first = createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' });
    expect(first(stepUp)).toBe(true);
    // The page came back from the identity provider: a new reauthenticator, same session storage.
    time += 10_000;
    const afterReturn = createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' });
    expect(afterReturn(stepUp)).toBe(false);
    time += REAUTH_QUIET_MS;
    expect(afterReturn(stepUp)).toBe(true);
  });

  it('a step-up right after an ordinary sign-in again is carried out (that sign-in may reuse an old authentication)', () => {
    let time = 7_000_000;
    const first = createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time, here: () => '/' });
    expect(first(expired)).toBe(true);
    time += 5_000;
    const auth = fakeAuth();
    const afterReturn = createReauthenticator(auth, { storage: window.sessionStorage, now: () => time, here: () => '/profile/mfa' });
    expect(afterReturn(stepUp)).toBe(true);
    expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/mfa', maxAge: 300 });
    // An ended session right after that step-up is shown instead.
    time += 5_000;
    expect(createReauthenticator(fakeAuth(), { storage: window.sessionStorage, now: () => time })(expired)).toBe(false);
  });

  it('starts nothing, and shows nothing, while a logout is under way', () => {
    const auth = fakeAuth();
    auth.signedOut.mockReturnValue(true);
    const onUnauthorized = createReauthenticator(auth, { storage: window.sessionStorage });
    expect(onUnauthorized(expired)).toBe(true);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('when starting the sign-in fails, says so, and the next 401 shows its error instead of being swallowed', async () => {
    const auth = fakeAuth();
    auth.signIn.mockRejectedValue(new Error('discovery failed'));
    const onSignInFailed = vi.fn();
    const onUnauthorized = createReauthenticator(auth, { storage: window.sessionStorage, onSignInFailed });
    expect(onUnauthorized(expired)).toBe(true);
    await vi.waitFor(() => expect(onSignInFailed).toHaveBeenCalledWith(expect.objectContaining({ message: 'discovery failed' })));
    expect(onUnauthorized(expired)).toBe(false);
  });
});
