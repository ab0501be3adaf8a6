import { setupServer } from 'msw/node';
import { getEnrollmentMock } from '../../generated/api/enrollment/enrollment.msw';
import { getFactorsMock } from '../../generated/api/factors/factors.msw';
import { getIdentitiesMock } from '../../generated/api/identities/identities.msw';
import { getIdentityProviderMock } from '../../generated/api/identity-provider/identity-provider.msw';
import { getLoginLogMock } from '../../generated/api/login-log/login-log.msw';
import { getPasswordMock } from '../../generated/api/password/password.msw';
import { getPasswordPolicyMock } from '../../generated/api/password-policy/password-policy.msw';
import { getProfileMock } from '../../generated/api/profile/profile.msw';
import { getSessionsMock } from '../../generated/api/sessions/sessions.msw';
import { getSocialAuthMock } from '../../generated/api/social-auth/social-auth.msw';

/**
 * Every operation of the contract, answering with its first named example (the new-user
 * persona). Tests override one response at a time with `server.use(...)`.
 */
export const server = setupServer(
  ...getProfileMock(),
  ...getIdentitiesMock(),
  ...getIdentityProviderMock(),
  ...getFactorsMock(),
  ...getEnrollmentMock(),
  ...getLoginLogMock(),
  ...getPasswordMock(),
  ...getPasswordPolicyMock(),
  ...getSessionsMock(),
  ...getSocialAuthMock(),
);
