import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './returnPath';

describe('safeReturnPath', () => {
  it.each([
    ['/profile/mfa', '/profile/mfa'],
    ['/profile/login?x=1#top', '/profile/login?x=1#top'],
    ['/', '/profile'],
    ['/auth/default/callback?code=1', '/profile'],
    ['https://evil.example/profile', '/profile'],
    ['//evil.example/profile', '/profile'],
    ['/\\evil.example', '/profile'],
    ['javascript:alert(1)', '/profile'],
    ['profile', '/profile'],
    ['/profile\n/x', '/profile'],
    ['', '/profile'],
    [undefined, '/profile'],
    [42, '/profile'],
    ['/' + 'a'.repeat(3000), '/profile'],
  ])('%j returns %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
