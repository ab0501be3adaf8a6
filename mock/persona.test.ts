import { describe, expect, it } from 'vitest';
import { devAccessToken, preferFor } from './persona.ts';

const bearer = (sub: string) => `Bearer ${devAccessToken(sub)}`;

describe('mock persona choice', () => {
  it.each([
    ['the full dev user', { url: '/api/v1/user/profile', authorization: bearer('taiman.chan') }, 'example=full'],
    ['the new dev user', { url: '/api/v1/user/profile', authorization: bearer('smwong25') }, 'example=new-user'],
    ['an unknown user', { url: '/api/v1/user/profile', authorization: bearer('someone') }, 'example=new-user'],
    ['no token', { url: '/api/v1/user/profile' }, 'example=new-user'],
    ['a broken token', { url: '/api/v1/user/profile', authorization: 'Bearer %%%' }, 'example=new-user'],
    ['MOCK_PERSONA', { url: '/api/v1/user/profile', authorization: bearer('smwong25'), envPersona: 'full' }, 'example=full'],
    ['a next log page', { url: '/api/v1/user/log?num=20&afterToken=full-page-2', authorization: bearer('taiman.chan') }, 'example=full-page-2'],
  ])('%s', (_, request, expected) => {
    expect(preferFor(request)).toBe(expected);
  });

  it('refuses an unknown MOCK_PERSONA', () => {
    expect(() => preferFor({ url: '/api/v1/user/profile', envPersona: 'admin' })).toThrow(/MOCK_PERSONA must be one of new-user, full/);
  });
});
