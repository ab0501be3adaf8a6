// The mock's passkey registration, refused as a relying party refuses it. The answers come from a
// small software authenticator: the WebAuthn structures built with @simplewebauthn/server's own
// CBOR encoder and Node's crypto, an authenticator that can be told to lie.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_MS, listed, register, registrationOptions, type PasskeyMemory } from './passkeys.ts';

const error = (status: number, errorMessage: string) => ({ status, body: { errorMessage } });
const user = { name: 'smwong25', displayName: 'WONG Siu Ming', id: 'smwong25' };
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

/** Flags of the authenticator data: UP 0x01, UV 0x04, BE 0x08, BS 0x10, AT 0x40. */
const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 };

interface Ceremony {
  challenge: string;
  origin?: string;
  type?: string;
  rpId?: string;
  flags?: number;
  aaguid?: string;
}

/** What `credential.toJSON()` gives for a new ES256 credential, with what the authenticator and browser are told to say. */
function registration({ challenge, origin = 'http://localhost:5173', type = 'webauthn.create', rpId = 'localhost', flags, aaguid }: Ceremony) {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const credentialId = randomBytes(16);
  const authData = Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([flags ?? FLAGS.up | FLAGS.uv | FLAGS.at]),
    Buffer.alloc(4),
    aaguid ? Buffer.from(aaguid.replace(/-/g, ''), 'hex') : Buffer.alloc(16),
    Buffer.from([0, credentialId.length]),
    credentialId,
    Buffer.from(isoCBOR.encode(coseKey)),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  return {
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))),
      attestationObject: b64url(attestationObject),
      transports: ['internal' as const],
    },
    clientExtensionResults: {},
  };
}

async function started(memory: PasskeyMemory = { passkeys: [] }, origin?: string) {
  const answer = await registrationOptions(memory, [], user, origin, error);
  return { memory, answer, challenge: (answer.body as { challenge: string }).challenge };
}

describe('the mock registers a passkey as a relying party does', () => {
  it('accepts a registration for its challenge from the portal, with the model and backup flags the authenticator set', async () => {
    const { memory, answer, challenge } = await started();
    expect(answer.body).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: { residentKey: 'required' }, timeout: CHALLENGE_MS });
    const body = registration({
      challenge,
      flags: FLAGS.up | FLAGS.uv | FLAGS.be | FLAGS.bs | FLAGS.at,
      aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
    });
    const done = await register(memory, body, 'fwf1', error);
    expect(done).toMatchObject({
      passkey: { id: 'fwf1', name: 'Google Password Manager', backupEligible: true, backedUp: true, transports: ['internal'] },
      factor: { id: 'fwf1', factorType: 'webauthn', status: 'ACTIVE', profile: { credentialId: body.id } },
    });
    // A device-bound key, of a model the mock does not know.
    const second = await started(memory);
    const key = await register(memory, registration({ challenge: second.challenge }), 'fwf2', error);
    expect(key).toMatchObject({ passkey: { name: 'Passkey', backupEligible: false, backedUp: false } });
  });

  it('takes the page’s host as the relying party, and gives no options to a page of another site', async () => {
    expect((await started(undefined, 'https://portal.localhost:4443')).answer.body).toMatchObject({ rp: { id: 'portal.localhost' } });
    expect((await started(undefined, 'https://evil.example')).answer).toEqual(error(400, 'This passkey was not made for this site.'));
  });

  it.each([
    ['another origin', { origin: 'https://evil.example' }, 'This passkey was not made for this site.'],
    ['a look-alike of the portal', { origin: 'http://localhost:5173.evil.example' }, 'This passkey was not made for this site.'],
    ['another ceremony', { type: 'webauthn.get' }, /could not be verified: Unexpected registration response type/],
    ['another relying party', { rpId: 'example.edu.hk' }, /could not be verified: Unexpected RP ID hash/],
    ['no user present', { flags: FLAGS.uv | FLAGS.at }, /could not be verified: User presence was required/],
    [
      'backed up without being eligible',
      { flags: FLAGS.up | FLAGS.bs | FLAGS.at },
      /could not be verified: Single-device credential indicated that it was backed up/,
    ],
  ])('refuses %s, and lists nothing', async (_, lie, message) => {
    const { memory, challenge } = await started();
    const done = await register(memory, registration({ challenge, ...lie }), 'fwf1', error);
    expect(done).toMatchObject({ status: 400, body: { errorMessage: message } });
    expect(memory.passkeys).toEqual([]);
  });

  it('refuses a stale challenge: one it did not issue, one already answered, one past its time', async () => {
    const { memory, challenge } = await started();
    const expired = error(400, 'This passkey request has expired. Please try again.');
    expect(await register(memory, registration({ challenge: 'bm90LWlzc3VlZA' }), 'fwf1', error)).toEqual(expired);
    // The wrong answer used the challenge up: the right one comes too late.
    expect(await register(memory, registration({ challenge }), 'fwf1', error)).toEqual(expired);
    const again = await started(memory);
    memory.pending!.expires = Date.now() - 1;
    expect(await register(memory, registration({ challenge: again.challenge }), 'fwf1', error)).toEqual(expired);
    expect(memory.passkeys).toEqual([]);
  });

  it('lists each active webauthn factor once, with the factor’s nickname and last use', () => {
    const memory: PasskeyMemory = {
      passkeys: [{ id: 'k1', name: 'YubiKey 5 NFC', nickname: 'old', created: '2025-01-01T00:00:00.000Z', backupEligible: false, backedUp: false }],
    };
    const factors = [
      { id: 'k1', factorType: 'webauthn', provider: 'FIDO', status: 'ACTIVE', nickname: 'Office key', lastChallenged: '2026-11-20T00:00:00.000Z' },
      {
        id: 'k2',
        factorType: 'webauthn',
        provider: 'FIDO',
        status: 'ACTIVE',
        created: '2026-01-01T00:00:00.000Z',
        profile: { authenticatorName: 'Titan' },
      },
      { factorType: 'webauthn', provider: 'FIDO', status: 'NOT_SETUP' },
      { id: 's1', factorType: 'sms', provider: 'OKTA', status: 'ACTIVE' },
    ];
    expect(listed(memory, factors)).toEqual([
      { ...memory.passkeys[0], nickname: 'Office key', lastChallenged: '2026-11-20T00:00:00.000Z' },
      { id: 'k2', name: 'Titan', created: '2026-01-01T00:00:00.000Z', backupEligible: false, backedUp: false },
    ]);
  });
});
