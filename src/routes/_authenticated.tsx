import { createFileRoute, redirect } from '@tanstack/react-router';
import { ensureQueries } from '../shared/api/queries';
import { headerQueries } from '../app/Header';
import { SignedInLayout } from '../app/SignedInLayout';

/**
 * The app's sign-in check: every route below needs a session. It is not the first: on a page
 * load, the page's first code (src/boot.ts, through shared/auth/firstStep.ts) decides before
 * the app loads, and a tab holding no stored user that opens a signed-in page leaves for
 * sign-in from there without reaching this check. Loads of a tab that holds a session (or the
 * rest of an expired one), and every navigation within the app, are checked here.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    // Once a logout has begun (here or in another tab) nothing signs in again by itself.
    if (context.auth.signedOut()) throw redirect({ to: '/signed-out' });
    const user = await context.auth.getUser();
    if (!user) throw redirect({ to: '/auth/default/login', search: { returnTo: location.href } });
  },
  // The header's data, beside the page's own (the router runs the loaders side by side): the
  // layout and the page render once, together. A failed call renders the header without it.
  loader: ({ context }) => ensureQueries(context.queryClient, headerQueries()),
  component: SignedInLayout,
});
