// The remembering mock's passkeys (mock/state.ts): registration verified as a relying party must
// verify it, with @simplewebauthn/server, so the browser tests run a real WebAuthn ceremony.
//
// - The options carry a new challenge, kept for this persona until it is used or its timeout
//   passes; a registration answers only the last one, once.
// - The relying party is the page's host (the request's Origin, when it is one of the portal's),
//   else `localhost`; the client data's origin must be exactly one of the portal's origins.
// - The authenticator data must carry the user's presence and consistent backup flags (BS only
//   with BE); the model's name comes from the AAGUID. A credential id already registered (on any
//   persona) is refused.
// - A refusal is one of registerPasskey's 400 examples, by name: the mock's own reading of the
//   client data names a stale challenge or another origin; anything else the library refuses is
//   "could not be verified", never the library's words.
// - A passkey is a `webauthn` factor too: the factor list and the passkey list are one memory.
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { PORTAL_ORIGINS } from './origins.ts';

/** How long a registration's challenge lasts. */
export const CHALLENGE_MS = 300_000;

/** Model names of a few authenticators, by AAGUID (the FIDO metadata's names); any other is a "Passkey". */
const MODELS: Record<string, string> = {
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'fa2b99dc-9e39-4257-8f92-4a30d23c4118': 'YubiKey 5 NFC',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
};
const UNKNOWN_MODEL = 'Passkey';

export interface Passkey {
  id: string;
  name: string;
  aaguid?: string;
  nickname?: string;
  created: string;
  lastChallenged?: string;
  backupEligible: boolean;
  backedUp: boolean;
  transports?: string[];
}

interface WebAuthnFactor {
  id?: string;
  factorType: string;
  provider: string;
  status: string;
  nickname?: string;
  created?: string;
  lastChallenged?: string;
  profile?: Record<string, unknown>;
}

/** What a persona's passkeys need beyond its factors: each passkey's details, and the challenge waiting for its answer. */
export interface PasskeyMemory {
  passkeys: Passkey[];
  pending?: { challenge: string; rpID: string; expires: number };
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** Why a registration is refused: the names of registerPasskey's 400 examples (`error`: a stale challenge). */
export const REFUSALS = ['error', 'wrong-origin', 'not-verified', 'already-registered'] as const;
export type Refusal = (typeof REFUSALS)[number];
type Refuse = (why: Refusal) => Answer;

const isWebAuthn = (factor: WebAuthnFactor) => factor.factorType === 'webauthn' && factor.status === 'ACTIVE' && factor.id !== undefined;

/** The passkey list: each active webauthn factor once, with its details; the nickname and last use are the factor's. */
export function listed(memory: PasskeyMemory, factors: WebAuthnFactor[]): Passkey[] {
  return factors.filter(isWebAuthn).map((factor) => {
    const known = memory.passkeys.find((passkey) => passkey.id === factor.id);
    const passkey: Passkey = known
      ? { ...known }
      : {
          id: factor.id!,
          name: String(factor.profile?.authenticatorName ?? UNKNOWN_MODEL),
          created: factor.created ?? new Date(0).toISOString(),
          backupEligible: false,
          backedUp: false,
        };
    delete passkey.nickname;
    delete passkey.lastChallenged;
    if (factor.nickname) passkey.nickname = factor.nickname;
    if (factor.lastChallenged) passkey.lastChallenged = factor.lastChallenged;
    return passkey;
  });
}

/** The relying party of a request: the page's host when it is the portal's, else localhost (a tool with no page). */
function rpIdOf(origin: string | undefined): string | undefined {
  if (origin === undefined) return 'localhost';
  return PORTAL_ORIGINS.includes(origin) ? new URL(origin).hostname : undefined;
}

/** New creation options, their challenge remembered for this persona. */
export async function registrationOptions(
  memory: PasskeyMemory,
  factors: WebAuthnFactor[],
  user: { name: string; displayName: string; id: Uint8Array<ArrayBuffer> },
  origin: string | undefined,
  refuse: Refuse,
): Promise<Answer> {
  const rpID = rpIdOf(origin);
  if (!rpID) return refuse('wrong-origin');
  const options = await generateRegistrationOptions({
    rpName: 'City University Account Portal',
    rpID,
    userName: user.name,
    userDisplayName: user.displayName,
    userID: user.id,
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    supportedAlgorithmIDs: [-8, -7, -257],
    excludeCredentials: factors
      .filter(isWebAuthn)
      .flatMap((factor) => (typeof factor.profile?.credentialId === 'string' ? [{ id: factor.profile.credentialId }] : [])),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  memory.pending = { challenge: options.challenge, rpID, expires: Date.now() + CHALLENGE_MS };
  return { status: 200, body: options };
}

/** The client data the browser signed, when it is JSON in URL-safe base64. */
function clientDataOf(body: RegistrationResponseJSON): { challenge?: unknown; origin?: unknown } | undefined {
  try {
    const clientData: unknown = JSON.parse(Buffer.from(String(body?.response?.clientDataJSON), 'base64url').toString('utf8'));
    return clientData && typeof clientData === 'object' ? clientData : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A registration, verified: the answer to this persona's last challenge (once, in time), from
 * one of the portal's origins, for its relying party, with the user present, of a credential no
 * one has registered (`registered`: every credential id the mock holds). Returns the new webauthn
 * factor to list, or the refusal.
 */
export async function register(
  memory: PasskeyMemory,
  body: RegistrationResponseJSON,
  id: string,
  refuse: Refuse,
  registered: string[],
): Promise<{ factor: WebAuthnFactor; passkey: Passkey } | Answer> {
  const pending = memory.pending;
  // One answer per challenge, whatever it is: a second try needs new options.
  delete memory.pending;
  if (!pending || pending.expires < Date.now()) return refuse('error');
  const clientData = clientDataOf(body);
  if (!clientData) return refuse('not-verified');
  if (clientData.challenge !== pending.challenge) return refuse('error');
  if (typeof clientData.origin !== 'string' || !PORTAL_ORIGINS.includes(clientData.origin)) return refuse('wrong-origin');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response: body,
      expectedChallenge: pending.challenge,
      expectedOrigin: PORTAL_ORIGINS,
      expectedRPID: pending.rpID,
      expectedType: 'webauthn.create',
      requireUserPresence: true,
      requireUserVerification: false,
    });
  } catch {
    return refuse('not-verified');
  }
  if (!verified.verified) return refuse('not-verified');
  const info = verified.registrationInfo;
  if (registered.includes(info.credential.id)) return refuse('already-registered');
  const now = new Date().toISOString();
  const passkey: Passkey = {
    id,
    name: MODELS[info.aaguid] ?? UNKNOWN_MODEL,
    aaguid: info.aaguid,
    created: now,
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
    ...(body.response.transports?.length ? { transports: body.response.transports } : {}),
  };
  memory.passkeys.push(passkey);
  const factor: WebAuthnFactor = {
    id,
    factorType: 'webauthn',
    provider: 'FIDO',
    status: 'ACTIVE',
    created: now,
    profile: { authenticatorName: passkey.name, credentialId: info.credential.id },
  };
  return { factor, passkey };
}
