import { createFileRoute } from '@tanstack/react-router';
import { headerQueries } from '../../../app/Header';
import { mfaMethodsQueries } from '../../../features/mfa/mfaQueries';
import { SecureAccountPage } from '../../../features/secure-account/SecureAccount.page';
import { guideOpening } from '../../../features/secure-account/visit';
import { ensureQueries } from '../../../shared/api/queries';

/**
 * The "This wasn't me" guide. The login that prompted it comes from Previous Login in the
 * history entry's state, never the address, and only for the person it was handed to
 * (guideOpening). The header has already asked for the profile and the factors the page shows;
 * the passkeys (their names, in the review of methods) load beside the page's code.
 */
export const Route = createFileRoute('/_authenticated/profile/secure-account')({
  // Read on every visit (a loader's answer could be one a preload cached for another login).
  beforeLoad: ({ location, context }) => ({ opening: guideOpening(location.state, context.auth.subject()) }),
  loader: ({ context }) => ensureQueries(context.queryClient, mfaMethodsQueries(), { except: headerQueries() }),
  component: function SecureAccountRoute() {
    return <SecureAccountPage {...Route.useRouteContext({ select: (context) => context.opening })} />;
  },
});
