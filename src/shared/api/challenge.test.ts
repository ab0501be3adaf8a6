import { describe, expect, it } from 'vitest';
import { isStepUp, parseBearerChallenge } from './challenge';

describe('parseBearerChallenge', () => {
  it.each([
    ['Bearer error="insufficient_user_authentication", max_age=300', { error: 'insufficient_user_authentication', maxAge: 300 }],
    ['Bearer error="insufficient_user_authentication", max_age="300"', { error: 'insufficient_user_authentication', maxAge: 300 }],
    [
      'Bearer realm="api", error="insufficient_user_authentication", error_description="A fresh sign-in is needed", max_age=0',
      { error: 'insufficient_user_authentication', maxAge: 0 },
    ],
    ['bearer error=insufficient_user_authentication,max_age=60', { error: 'insufficient_user_authentication', maxAge: 60 }],
    ['Bearer error="invalid_token", error_description="The access token expired"', { error: 'invalid_token' }],
    ['Bearer error="insufficient_user_authentication", max_age=-5', { error: 'insufficient_user_authentication' }],
    ['Bearer error="insufficient_user_authentication", max_age=1e9', { error: 'insufficient_user_authentication' }],
    ['Bearer error="a\\"b"', { error: 'a"b' }],
    ['Bearer', {}],
    ['Bearer realm="api"', {}],
  ])('%j reads as %j', (header, expected) => {
    expect(parseBearerChallenge(header)).toEqual(expected);
  });

  it.each([null, undefined, '', 'Basic realm="x"', 'Bearerish error="x"', `Bearer error="${'x'.repeat(3000)}"`])(
    '%j is no Bearer challenge',
    (header) => {
      expect(parseBearerChallenge(header)).toBeUndefined();
    },
  );

  it('tells a step-up from other challenges', () => {
    expect(isStepUp(parseBearerChallenge('Bearer error="insufficient_user_authentication", max_age=300'))).toBe(true);
    expect(isStepUp(parseBearerChallenge('Bearer error="invalid_token"'))).toBe(false);
    expect(isStepUp(undefined)).toBe(false);
  });
});
