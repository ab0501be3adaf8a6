import { createFileRoute, redirect } from '@tanstack/react-router';
import { getGetFactorsQueryOptions } from '../../generated/api/factors/factors';
import { getGetProfileQueryOptions } from '../../generated/api/profile/profile';
import { SignedInLayout } from '../shared/ui/SignedInLayout';

/** The one place that checks sign-in: every route below needs a session. */
export const Route = createFileRoute('/_authenticated')({
  // Every signed-in page needs this layout, so it ships with the entry instead of as a chunk
  // fetched only after the entry has run (see npm run bench).
  codeSplitGroupings: [],
  beforeLoad: async ({ context, location }) => {
    // Once a logout has begun (here or in another tab) nothing signs in again by itself.
    if (context.auth.signedOut()) throw redirect({ to: '/signed-out' });
    const user = await context.auth.getUser();
    if (!user) throw redirect({ to: '/auth/default/login', search: { returnTo: location.href } });
  },
  loader: ({ context }) => {
    // The header's data starts loading with the page's code, not after the shell renders.
    void context.queryClient.prefetchQuery(getGetProfileQueryOptions());
    void context.queryClient.prefetchQuery(getGetFactorsQueryOptions());
  },
  component: SignedInLayout,
});
