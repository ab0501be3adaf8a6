// The remembering mock's passkeys (mock/state.ts): registration verified as a relying party must
// verify it, with @simplewebauthn/server, so the browser tests run a real WebAuthn ceremony.
//
// - The options carry a new challenge, kept for this persona until it is used or its timeout
//   passes; a registration answers only the last one, once.
// - The relying party is the page's host (the request's Origin, when it is one of the portal's),
//   else `localhost`; the client data's origin must be exactly one of the portal's origins.
// - The authenticator data must carry the user's presence and consistent backup flags (BS only
//   with BE); the model's name comes from the AAGUID.
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
  user: { name: string; displayName: string; id: string },
  origin: string | undefined,
  error: (status: number, message: string) => Answer,
): Promise<Answer> {
  const rpID = rpIdOf(origin);
  if (!rpID) return error(400, 'This passkey was not made for this site.');
  const options = await generateRegistrationOptions({
    rpName: 'City University Account Portal',
    rpID,
    userName: user.name,
    userDisplayName: user.displayName,
    userID: new TextEncoder().encode(user.id),
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

/**
 * A registration, verified: the answer to this persona's last challenge (once, in time), from
 * one of the portal's origins, for its relying party, with the user present. Returns the new
 * webauthn factor to list, or the refusal.
 */
export async function register(
  memory: PasskeyMemory,
  body: RegistrationResponseJSON,
  id: string,
  error: (status: number, message: string) => Answer,
): Promise<{ factor: WebAuthnFactor; passkey: Passkey } | Answer> {
  const pending = memory.pending;
  // One answer per challenge, whatever it is: a second try needs new options.
  delete memory.pending;
  const expired = () => error(400, 'This passkey request has expired. Please try again.');
  if (!pending || pending.expires < Date.now()) return expired();
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
  } catch (problem) {
    const message = problem instanceof Error ? problem.message : String(problem);
    if (/challenge/i.test(message)) return expired();
    if (/origin/i.test(message)) return error(400, 'This passkey was not made for this site.');
    return error(400, `This passkey could not be verified: ${message}`);
  }
  if (!verified.verified) return error(400, 'This passkey could not be verified.');
  const info = verified.registrationInfo;
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
