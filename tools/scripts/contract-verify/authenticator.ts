// A software authenticator: a WebAuthn registration, as `PublicKeyCredential.toJSON()` gives it
// (attestation "none", a new ES256 key), whose every property is the caller's to choose. The
// refusal probes answer a backend's fresh options with a registration that is right but for one
// property; the mock's tests (mock/passkeys.test.ts) make the ones a relying party must refuse.
// Node's crypto, and CBOR (RFC 8949) for the few types these structures hold.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** A CBOR item's head: its major type and its argument (a value, or a length). */
function head(major: number, argument: number): Buffer {
  if (argument < 24) return Buffer.from([(major << 5) | argument]);
  const size = argument < 0x100 ? 1 : argument < 0x10000 ? 2 : 4;
  const bytes = Buffer.alloc(1 + size);
  bytes[0] = (major << 5) | { 1: 24, 2: 25, 4: 26 }[size]!;
  bytes.writeUIntBE(argument, 1, size);
  return bytes;
}

/** CBOR of integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

/** The authenticator data's flags: user present, user verified, backup eligible, backed up, attested credential data. */
export const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

export interface Ceremony {
  /** The challenge of the options answered. */
  challenge: string;
  /** The page's origin, as the browser writes it into the client data. */
  origin: string;
  /** The relying-party id whose hash the authenticator data carries. */
  rpId: string;
  type?: string;
  flags?: number;
  aaguid?: string;
  credentialId?: Uint8Array;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** A registration for `ceremony`, with a new key; by default one a relying party accepts. */
export function registration({
  challenge,
  origin,
  rpId,
  type = 'webauthn.create',
  flags = FLAGS.up | FLAGS.uv | FLAGS.at,
  aaguid,
  credentialId = randomBytes(16),
}: Ceremony) {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  // COSE_Key: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x and y.
  const coseKey = new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x!, 'base64url')],
    [-3, Buffer.from(jwk.y!, 'base64url')],
  ]);
  const authenticatorData = Buffer.concat([
    createHash('sha256').update(rpId).digest(),
    Buffer.from([flags]),
    Buffer.alloc(4),
    aaguid ? Buffer.from(aaguid.replace(/-/g, ''), 'hex') : Buffer.alloc(16),
    Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]),
    credentialId,
    cbor(coseKey),
  ]);
  const attestationObject = cbor(
    new Map<Cbor, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authenticatorData],
    ]),
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
