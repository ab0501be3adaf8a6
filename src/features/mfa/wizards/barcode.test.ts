import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { displayableImage, qrCodeOf } from './barcode';

describe('qrCodeOf', () => {
  it.each([
    ['the spec’s _links.qrcode (the personas)', 'full', /^data:image\/svg\+xml;base64,/],
    ["Okta's push: _embedded.activation._links.qrcode", 'okta-push', /\/factors\/opfbtzzrjgwauUsxO0g4\/qr\//],
    ["Okta's Verify code: _embedded._links.qrcode", 'okta-totp', /\/factors\/ostf1fmaMGJLMNGNLIVG\/qr\//],
    ["Google's: _embedded.activation._links.qrcode", 'okta-google', /\/factors\/ostf1fmaMGJLMNGNLIVG\/qr\//],
  ])('reads %s', (_, name, expected) => {
    expect(qrCodeOf(example<EnrollmentResponse>('enrollFactor', name))).toMatch(expected);
  });

  it('has none for an answer without a barcode', () => {
    expect(qrCodeOf(example<EnrollmentResponse>('enrollFactor', 'okta-webauthn'))).toBeUndefined();
  });
});

describe('displayableImage', () => {
  const where = { origin: 'https://account.example.edu.hk', oktaOrgUrl: 'https://university.okta.example' };
  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'data:image/svg+xml;base64,PHN2Zz4='],
    ['/api/v1/user/factor/f1/qr', 'https://account.example.edu.hk/api/v1/user/factor/f1/qr'],
    ['https://university.okta.example/api/v1/users/u/factors/f/qr/x', 'https://university.okta.example/api/v1/users/u/factors/f/qr/x'],
    ['http://university.okta.example/qr', undefined],
    ['https://university.okta.example.evil.example/qr', undefined],
    ['https://evil.example/qr.png', undefined],
    ['//evil.example/qr.png', undefined],
    ['javascript:alert(1)', undefined],
    ['data:text/html;base64,PHNjcmlwdD4=', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j shows as %j', (href, expected) => {
    expect(displayableImage(href, where)).toBe(expected);
  });

  it("shows no other host's image when no Okta organisation is configured", () => {
    expect(displayableImage('https://university.okta.example/qr', { ...where, oktaOrgUrl: '' })).toBeUndefined();
  });
});
