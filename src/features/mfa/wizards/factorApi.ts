import {
  activateFactor,
  enrollCustomTotp,
  enrollEmailFactor,
  enrollFactor,
  enrollPhoneFactor,
  getCustomTotpSecret,
} from '../../../../generated/api/enrollment/enrollment';
import { getGetFactorsQueryKey } from '../../../../generated/api/factors/factors';
import type { ActivateFactorRequest, Activation } from '../../../../generated/model';
import { config } from '../../../shared/config/config';
import { activationPayload, creationOptions } from './webauthn';
import type { WizardApi } from './wizardMachine';

/** The browser's new credential for the server's options, as the activate call wants it. */
async function createCredential(activation: Activation): Promise<ActivateFactorRequest> {
  if (!navigator.credentials?.create) throw new Error('This browser has no Web Authentication');
  const credential = await navigator.credentials.create({ publicKey: creationOptions(activation, config.webauthnRpId) });
  if (!credential) throw new Error('No credential was created');
  return activationPayload(credential as PublicKeyCredential);
}

/** The calls the enrollment wizards' machines name. */
const calls = {
  enrollFactor: (data: Parameters<typeof enrollFactor>[0]) => enrollFactor(data),
  enrollPhoneFactor: (data: Parameters<typeof enrollPhoneFactor>[0]) => enrollPhoneFactor(data),
  enrollEmailFactor: (data: Parameters<typeof enrollEmailFactor>[0]) => enrollEmailFactor(data),
  enrollCustomTotp: (data: Parameters<typeof enrollCustomTotp>[0]) => enrollCustomTotp(data),
  activateFactor: ({ factorId, data }: { factorId: string; data: ActivateFactorRequest }) => activateFactor(factorId, data),
  getCustomTotpSecret: () => getCustomTotpSecret(),
  /** The browser, not the backend: it makes the security key's credential. */
  createCredential,
};

export type FactorCalls = typeof calls;

/** The MFA API as the enrollment wizards reach it, through their runner. */
export const factorApi: WizardApi<FactorCalls> = {
  calls,
  // Enrollments and activations count only with a status (spec section 8).
  needStatus: ['enrollFactor', 'enrollPhoneFactor', 'enrollEmailFactor', 'enrollCustomTotp', 'activateFactor'],
  refreshes: getGetFactorsQueryKey(),
  leavesTo: '/profile/mfa',
};
