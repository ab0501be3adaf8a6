import { createFileRoute } from '@tanstack/react-router';
import { SecureAccountPage } from '../../../features/secure-account/SecureAccount.page';
import { namedLogin } from '../../../features/secure-account/secureAccountSearch';

/**
 * The "This wasn't me" guide. `time`, `browser` and `place` name the login that prompted it
 * (from Previous Login). The page checks them as crafted input (namedLogin) before it shows any, and drops all three when any fails. The
 * check lives with the page, not here, so its code is not part of the first page's. No loader:
 * the header has already asked for the profile and the factors the page shows.
 */
export const Route = createFileRoute('/_authenticated/profile/secure-account')({
  // Typed as unknown: whatever came in, the page checks it (namedLogin) before it shows it.
  validateSearch: (search: Record<string, unknown>): { time?: unknown; browser?: unknown; place?: unknown } => search,
  component: function SecureAccountRoute() {
    const login = namedLogin(Route.useSearch());
    // A new login is a new visit: the page starts over rather than carrying the last one's state.
    return <SecureAccountPage key={login ? `${login.time}|${login.browser}|${login.place}` : ''} login={login} />;
  },
});
