import { describe, expect, it } from 'vitest';
import type { Activation, EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { activationPayload, creationOptions, fromBase64Url, toBase64Url } from './webauthn';

const activation = example<EnrollmentResponse>('enrollFactor', 'webauthn')._embedded!.activation!;

describe('URL-safe base64', () => {
  it.each(['', 'AA', 'AAE', 'AAEC', '_-8', 'PzP-f-F6iahURyUhoT2YSgw_AJ1aoBEAsCsJfJeK2Q4'])('round-trips %j', (value) => {
    expect(toBase64Url(fromBase64Url(value))).toBe(value);
  });

  it('reads - and _ and needs no padding', () => {
    expect([...fromBase64Url('-_8')]).toEqual([0xfb, 0xff]);
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });
});

describe('creationOptions', () => {
  it('converts challenge, user id and excluded credential ids to bytes and uses the configured relying party', () => {
    const options = creationOptions(activation, 'accounts.example.edu.hk');
    expect(toBase64Url(options.challenge as Uint8Array)).toBe(activation.challenge);
    expect(toBase64Url(options.user.id as Uint8Array)).toBe(activation.user!.id);
    expect(options.user).toMatchObject({ name: 'taiman.chan', displayName: 'CHAN Tai Man' });
    expect(options.rp).toEqual({ id: 'accounts.example.edu.hk', name: 'University Account Portal' });
    expect(options.excludeCredentials!.map((c) => toBase64Url(c.id as Uint8Array))).toEqual(activation.excludeCredentials!.map((c) => c.id));
    expect(options.pubKeyCredParams).toEqual([
      { type: 'public-key', alg: -7 },
      { type: 'public-key', alg: -257 },
    ]);
    expect(options).toMatchObject({
      attestation: 'direct',
      timeout: 60000,
      authenticatorSelection: { userVerification: 'preferred', requireResidentKey: false },
    });
  });

  it('passes on the transports of excluded keys and the newer selection fields', () => {
    const options = creationOptions(
      {
        ...activation,
        excludeCredentials: [{ id: 'AAE', type: 'public-key', transports: ['usb', 'nfc'] }],
        authenticatorSelection: { userVerification: 'required', residentKey: 'preferred', authenticatorAttachment: 'cross-platform' },
        timeout: 120000,
      },
      'localhost',
    );
    expect(options.excludeCredentials).toEqual([{ type: 'public-key', id: expect.any(Uint8Array), transports: ['usb', 'nfc'] }]);
    expect(options.authenticatorSelection).toEqual({
      userVerification: 'required',
      residentKey: 'preferred',
      authenticatorAttachment: 'cross-platform',
    });
    expect(options.timeout).toBe(120000);
  });

  it('refuses an activation without a challenge', () => {
    expect(() => creationOptions({} as Activation, 'localhost')).toThrow();
  });
});

describe('activationPayload', () => {
  it('encodes attestation object and client data as URL-safe base64', () => {
    const credential = {
      response: {
        attestationObject: new Uint8Array([1, 2, 251]).buffer,
        clientDataJSON: new TextEncoder().encode('{"type":"webauthn.create"}').buffer,
      },
    } as unknown as PublicKeyCredential;
    expect(activationPayload(credential)).toEqual({ attestation: 'AQL7', clientData: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0' });
  });
});
