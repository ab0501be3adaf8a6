import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fakeAuth } from '../../../tests/support/renderRoute';
import { createAppRouter, signedInPageOf } from '../../router';
import { safeReturnPath } from './returnPath';

/** The app's own route tree decides, as after a sign-in. */
const pageOf = signedInPageOf(createAppRouter({ auth: fakeAuth(), queryClient: new QueryClient() }));

describe('safeReturnPath, with the route tree (the app, once a sign-in returns)', () => {
  it.each([
    ['/profile/mfa', '/profile/mfa'],
    ['/profile/login?x=1#top', '/profile/login?x=1#top'],
    ['/profile/secure-account?login=abc', '/profile/secure-account?login=abc'],
    ['/Profile/Secure-Account', '/profile/secure-account'],
    ['/profile/details/', '/profile/details'],
    ['/PROFILE/Password', '/profile/password'],
    ['/profile/mfa/enroll/OKTA/sms', '/profile/mfa/enroll/OKTA/sms'],
    ['/profile/mfa/enroll/GOOGLE/token:software:totp', '/profile/mfa/enroll/GOOGLE/token:software:totp'],
    ['/profile/x/../mfa', '/profile/mfa'],
    ['/profile/%2e%2e/profile/login', '/profile/login'],
    ['/', '/profile'],
    ['/auth/default/callback?code=1', '/profile'],
    ['/AUTH/default/callback?code=1', '/profile'],
    ['/profile/../auth/default/callback?code=1', '/profile'],
    ['/profile/%2E%2E/auth/google/callback', '/profile'],
    ['/profile/./../idp/link/google?code=1', '/profile'],
    ['/idp/link/iamsmart/success', '/profile'],
    ['/idp/instructions?code=1', '/profile'],
    ['/signed-out', '/profile'],
    ['/profile/mfa/enroll/OKTA/sms/extra', '/profile'],
    ['/profile/mfa/enroll/..%2F..%2Fauth/x', '/profile'],
    ['https://evil.example/profile', '/profile'],
    ['//evil.example/profile', '/profile'],
    ['/\\evil.example', '/profile'],
    ['/%5C%5Cevil.example', '/profile'],
    ['javascript:alert(1)', '/profile'],
    ['profile', '/profile'],
    ['/profile\n/x', '/profile'],
    ['', '/profile'],
    [undefined, '/profile'],
    [42, '/profile'],
    ['/profile?' + 'a'.repeat(3000), '/profile'],
    ['/profile/nowhere', '/profile'],
    ['/profile/mfa/enroll/OKTA/sms%20x', '/profile'],
  ])('%j returns %j', (input, expected) => {
    expect(safeReturnPath(input, pageOf)).toBe(expected);
  });
});

describe('safeReturnPath before the app has loaded (the first code leaving for sign-in)', () => {
  it.each([
    ['/profile/mfa/enroll/OKTA/sms', '/profile/mfa/enroll/OKTA/sms'],
    ['/PROFILE/Password?x=1', '/profile'],
    ['/profile/x/../mfa', '/profile/mfa'],
    ['/auth/default/callback?code=1', '/profile'],
    ['/profile/../auth/default/callback?code=1', '/profile'],
    ['/profile/mfa/enroll/..%2F..%2Fauth/x', '/profile'],
    ['https://evil.example/profile', '/profile'],
    ['/profiles', '/profile'],
  ])('%j stands as %j, until the app checks it again', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
