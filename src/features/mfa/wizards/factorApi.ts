import {
  activateFactor,
  enrollCustomTotp,
  enrollEmailFactor,
  enrollFactor,
  enrollPhoneFactor,
  getCustomTotpSecret,
} from '../../../../generated/api/enrollment/enrollment';
import { getGetFactorsQueryKey } from '../../../../generated/api/factors/factors';
import type { ActivateFactorRequest } from '../../../../generated/model';
import type { WizardApi } from './wizardMachine';

/** The calls the enrollment wizards' machines name. */
const calls = {
  enrollFactor: (data: Parameters<typeof enrollFactor>[0]) => enrollFactor(data),
  enrollPhoneFactor: (data: Parameters<typeof enrollPhoneFactor>[0]) => enrollPhoneFactor(data),
  enrollEmailFactor: (data: Parameters<typeof enrollEmailFactor>[0]) => enrollEmailFactor(data),
  enrollCustomTotp: (data: Parameters<typeof enrollCustomTotp>[0]) => enrollCustomTotp(data),
  activateFactor: ({ factorId, data }: { factorId: string; data: ActivateFactorRequest }) => activateFactor(factorId, data),
  getCustomTotpSecret: () => getCustomTotpSecret(),
};

export type FactorCalls = typeof calls;

/** The MFA API as the enrollment wizards reach it, through their runner. */
export const factorApi: WizardApi<FactorCalls> = {
  calls,
  // Enrollments and activations count only with a status (spec section 8).
  needStatus: ['enrollFactor', 'enrollPhoneFactor', 'enrollEmailFactor', 'enrollCustomTotp', 'activateFactor'],
  refreshes: [getGetFactorsQueryKey()],
  leavesTo: '/profile/mfa',
};
