import { describe, expect, it } from 'vitest';
import { wizardFor } from './wizardFor';

describe('wizardFor', () => {
  it.each([
    ['GOOGLE', 'token:software:totp', 'googleTotp'],
    ['FIDO', 'webauthn', 'webauthn'],
    ['OKTA', 'push', 'push'],
    ['OKTA', 'token:software:totp', 'oktaTotp'],
    ['OKTA', 'sms', 'sms'],
    ['okta', 'CALL', 'call'],
    ['OKTA', 'email', 'email'],
    ['CUSTOM', 'token:hotp', 'custom'],
    ['OKTA', 'webauthn', undefined],
    ['GOOGLE', 'sms', undefined],
    ['OKTA', 'question', undefined],
    ['<script>', 'x', undefined],
  ])('%s %s opens %s', (provider, factorType, expected) => {
    expect(wizardFor(provider, factorType)).toBe(expected);
  });
});
