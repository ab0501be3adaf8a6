import { describe, expect, it } from 'vitest';
import { parseBearerChallenge, parseChallenges } from './challenge';
import { isStepUp } from './stepUp';

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

  // RFC 9470, section 3: the two examples of a step-up challenge, as the server sends them.
  it.each([
    [
      'Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR"',
      { error: 'insufficient_user_authentication', acrValues: 'myACR' },
    ],
    [
      'Bearer error="insufficient_user_authentication", error_description="More recent authentication is required", max_age="5"',
      { error: 'insufficient_user_authentication', maxAge: 5 },
    ],
    [
      'Bearer error="insufficient_user_authentication", acr_values="urn:mace:incommon:iap:silver urn:mace:incommon:iap:bronze", max_age=60',
      { error: 'insufficient_user_authentication', acrValues: 'urn:mace:incommon:iap:silver urn:mace:incommon:iap:bronze', maxAge: 60 },
    ],
    ['Bearer error="insufficient_user_authentication", acr_values="bad\\"quote"', { error: 'insufficient_user_authentication' }],
    ['Bearer error="insufficient_user_authentication", acr_values=""', { error: 'insufficient_user_authentication' }],
  ])('RFC 9470: %j reads as %j', (header, expected) => {
    expect(parseBearerChallenge(header)).toEqual(expected);
  });

  // Several challenges in one header (RFC 9110, 11.6.1; RFC 9449 adds DPoP next to Bearer).
  it.each([
    [
      'DPoP algs="ES256 PS256", Bearer error="insufficient_user_authentication", error_description="A different authentication level is required", acr_values="myACR"',
      { error: 'insufficient_user_authentication', acrValues: 'myACR' },
    ],
    ['Basic realm="simple", Bearer error="insufficient_user_authentication", max_age=0', { error: 'insufficient_user_authentication', maxAge: 0 }],
    ['Basic dXNlcjpwYXNz, Bearer realm="api", error="invalid_token"', { error: 'invalid_token' }],
    ['Bearer realm="api", Bearer error="insufficient_user_authentication", max_age=300', { error: 'insufficient_user_authentication', maxAge: 300 }],
  ])('several challenges: %j reads as %j', (header, expected) => {
    expect(parseBearerChallenge(header)).toEqual(expected);
  });

  it("reads RFC 9110's example of two challenges", () => {
    const read = parseChallenges('Newauth realm="apps", type=1, title="Login to \\"apps\\"", Basic realm="simple"');
    expect(read.map(({ scheme, params }) => [scheme, Object.fromEntries(params)])).toEqual([
      ['Newauth', { realm: 'apps', type: '1', title: 'Login to "apps"' }],
      ['Basic', { realm: 'simple' }],
    ]);
  });

  it('tells a step-up from other challenges', () => {
    expect(isStepUp(parseBearerChallenge('Bearer error="insufficient_user_authentication", max_age=300'))).toBe(true);
    expect(isStepUp(parseBearerChallenge('Bearer error="invalid_token"'))).toBe(false);
    expect(isStepUp(undefined)).toBe(false);
  });
});
