import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import { parseOtpContent } from './otpContent';

describe('parseOtpContent', () => {
  it("reads the contract's example", () => {
    const { data } = example<{ data: { otpContent: string } }>('getCustomTotpSecret', 'new-user');
    expect(parseOtpContent(data.otpContent)).toEqual({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'University Account' });
  });

  it.each([
    ['otpauth://hotp/Uni:me?secret=ABC&issuer=Uni&counter=0', { secret: 'ABC', issuer: 'Uni' }],
    ['otpauth://totp/Uni%20Portal:me?secret=ABC', { secret: 'ABC', issuer: 'Uni Portal' }],
    ['otpauth://totp/Uni:me?issuer=Uni', undefined],
    ['https://example.com/?secret=ABC', undefined],
    ['not a url', undefined],
  ])('%s gives %j', (content, expected) => {
    expect(parseOtpContent(content)).toEqual(expected);
  });
});
