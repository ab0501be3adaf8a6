import type { Activation } from '../../../../generated/model';

/** URL-safe base64 (no padding) to bytes, as the server sends challenge, user id and credential ids. */
export function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Bytes to URL-safe base64 without padding, as the server wants attestation and client data. */
export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The options for navigator.credentials.create() from the server's activation. The relying
 * party id is the portal's configured one (the university's domain), not whatever came back.
 */
export function creationOptions(activation: Activation, rpId: string): PublicKeyCredentialCreationOptions {
  if (!activation.challenge || !activation.user?.id) throw new Error('The enrollment has no WebAuthn challenge.');
  return {
    challenge: fromBase64Url(activation.challenge),
    rp: { id: rpId, name: activation.rp?.name ?? rpId },
    user: {
      id: fromBase64Url(activation.user.id),
      name: activation.user.name ?? activation.user.id,
      displayName: activation.user.displayName ?? activation.user.name ?? activation.user.id,
    },
    pubKeyCredParams: (activation.pubKeyCredParams ?? [{ type: 'public-key', alg: -7 }]).map((p) => ({ type: 'public-key', alg: p.alg })),
    excludeCredentials: (activation.excludeCredentials ?? []).map((c) => ({
      type: 'public-key',
      id: fromBase64Url(c.id),
      // Which ways the browser may reach the authenticator of a key already registered.
      ...(c.transports?.length ? { transports: c.transports as AuthenticatorTransport[] } : {}),
    })),
    ...(activation.attestation ? { attestation: activation.attestation as AttestationConveyancePreference } : {}),
    ...(activation.authenticatorSelection
      ? {
          authenticatorSelection: {
            ...(activation.authenticatorSelection.userVerification ? { userVerification: activation.authenticatorSelection.userVerification } : {}),
            ...(activation.authenticatorSelection.requireResidentKey !== undefined
              ? { requireResidentKey: activation.authenticatorSelection.requireResidentKey }
              : {}),
            ...(activation.authenticatorSelection.residentKey ? { residentKey: activation.authenticatorSelection.residentKey } : {}),
            ...(activation.authenticatorSelection.authenticatorAttachment
              ? { authenticatorAttachment: activation.authenticatorSelection.authenticatorAttachment }
              : {}),
          },
        }
      : {}),
    ...(activation.timeout ? { timeout: activation.timeout } : {}),
  };
}

/** What the activate call needs from a new credential. */
export function activationPayload(credential: PublicKeyCredential): { attestation: string; clientData: string } {
  const response = credential.response as AuthenticatorAttestationResponse;
  return { attestation: toBase64Url(response.attestationObject), clientData: toBase64Url(response.clientDataJSON) };
}
