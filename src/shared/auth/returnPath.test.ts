import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
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
  ])('%j returns %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
