import { getPasskeyRegistrationOptions, registerPasskey } from '../../../../generated/api/passkey-changes/passkey-changes';
import type { PasskeyRegistration } from '../../../../generated/model';
import { mfaMethodsQueryKeys } from '../mfaQueries';
import { createPasskey } from './passkey';
import type { WizardApi } from './wizardMachine';

/** The calls adding a passkey makes: the backend's options, the browser's ceremony, the backend's registration. */
const calls = {
  getPasskeyRegistrationOptions: () => getPasskeyRegistrationOptions(),
  /** The browser, not the backend: it makes the passkey. */
  createPasskey,
  registerPasskey: (registration: PasskeyRegistration) => registerPasskey(registration),
};

export type PasskeyCalls = typeof calls;

/** Adding a passkey, as its wizard reaches the backend and the browser through its runner. */
export const passkeyApi: WizardApi<PasskeyCalls> = {
  calls,
  needStatus: [],
  // A passkey is listed in both: the passkeys, and the factors (its webauthn factor).
  refreshes: mfaMethodsQueryKeys(),
  leavesTo: '/profile/mfa',
};
