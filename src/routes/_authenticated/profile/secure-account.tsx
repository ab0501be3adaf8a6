import { createFileRoute } from '@tanstack/react-router';
import { getGetFactorsQueryOptions } from '../../../../generated/api/factors/factors';
import { getGetProfileQueryOptions } from '../../../../generated/api/profile/profile';
import { SecureAccountPage } from '../../../features/secure-account/SecureAccount.page';
import { namedLogin, parseSecureAccountSearch } from '../../../features/secure-account/secureAccountSearch';

/**
 * The "This wasn't me" guide. `time`, `browser` and `place` name the login that prompted it
 * (from Previous Login); they are checked as crafted input and dropped together when any fails.
 */
export const Route = createFileRoute('/_authenticated/profile/secure-account')({
  validateSearch: parseSecureAccountSearch,
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getGetFactorsQueryOptions());
    void context.queryClient.prefetchQuery(getGetProfileQueryOptions());
  },
  component: function SecureAccountRoute() {
    const login = namedLogin(Route.useSearch());
    // A new login is a new visit: the page starts over rather than carrying the last one's state.
    return <SecureAccountPage key={login ? `${login.time}|${login.browser}|${login.place}` : ''} login={login} />;
  },
});
