import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignedOutPage } from '../features/sign-in/SignedOut.page';

/** Public: a tab whose session has ended (its own logout under way, or a logout in another tab). */
export const Route = createFileRoute('/signed-out')({
  validateSearch: (search: Record<string, unknown>): { logout?: true } =>
    search.logout === true || search.logout === 'true' ? { logout: true } : {},
  // Opened by a link while signed in, it says nothing untrue: the person goes to their profile.
  beforeLoad: async ({ context }) => {
    if (!context.auth.signedOut() && (await context.auth.getUser())) throw redirect({ to: '/profile' });
  },
  component: function SignedOutRoute() {
    const { logout } = Route.useSearch();
    const { auth } = Route.useRouteContext();
    return <SignedOutPage inProgress={logout === true && auth.signedOut()} />;
  },
});
