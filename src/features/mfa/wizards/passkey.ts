import type { PasskeyRegistration, PasskeyRegistrationOptions } from '../../../../generated/model';
import { ApiError } from '../../../shared/api/ApiError';

/** Whether this browser can make a passkey from the server's JSON (Chromium 129, Firefox 119, Safari 18.4 and later). */
export function canCreatePasskeys(): boolean {
  return typeof PublicKeyCredential !== 'undefined' && typeof PublicKeyCredential.parseCreationOptionsFromJSON === 'function';
}

/**
 * A new passkey for the server's options: the browser reads them from JSON and writes the new
 * credential back as JSON (its own helpers, WebAuthn Level 3), so nothing here encodes bytes.
 * A discoverable credential is what the options ask for (`residentKey: required`).
 */
export async function createPasskey(options: PasskeyRegistrationOptions): Promise<PasskeyRegistration> {
  if (!canCreatePasskeys() || !navigator.credentials?.create) throw new DOMException('This browser cannot create passkeys', 'NotSupportedError');
  const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(options as PublicKeyCredentialCreationOptionsJSON);
  const credential = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey was created', 'NotAllowedError');
  return credential.toJSON() as PasskeyRegistration;
}

/** Why adding a passkey failed, as the wizard tells the person. */
export type PasskeyFailure =
  /** The person cancelled the browser's prompt, or it timed out (NotAllowedError: the spec's box). */
  | { reason: 'cancelled' }
  /** The authenticator already holds a passkey of this account (excludeCredentials). */
  | { reason: 'exists' }
  /** This browser has no Web Authentication, or not its JSON helpers. */
  | { reason: 'unsupported' }
  /** The server refused the registration or failed; its message when it gave one (shown as a toast otherwise). */
  | { reason: 'refused'; message?: string };

/** Reads a failure of the options call, the browser's prompt or the registration. */
export function passkeyFailure(error: unknown): PasskeyFailure {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return { reason: 'cancelled' };
  if (name === 'InvalidStateError') return { reason: 'exists' };
  if (name === 'NotSupportedError' || name === 'SecurityError') return { reason: 'unsupported' };
  return error instanceof ApiError && error.message ? { reason: 'refused', message: error.message } : { reason: 'refused' };
}
