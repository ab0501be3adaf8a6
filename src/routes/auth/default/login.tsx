import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInRedirectPage, SignInUnreachable } from '../../../features/sign-in/SignInRedirect.page';
import { FLOW_ROUTE } from '../../../shared/auth/flowRoute';
import { safeReturnPath } from '../../../shared/auth/returnPath';

export const Route = createFileRoute('/auth/default/login')({
  validateSearch: (search: Record<string, unknown>): { returnTo?: string } =>
    typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {},
  loaderDeps: ({ search }) => ({ returnTo: search.returnTo }),
  beforeLoad: async ({ context, search }) => {
    // A logout under way is not undone by a sign-in that starts by itself.
    if (context.auth.signedOut()) throw redirect({ to: '/signed-out' });
    // Someone already signed in (Back from their profile, an old bookmark) goes where they
    // were going, instead of starting a second sign-in round trip.
    if (await context.auth.getUser()) throw redirect({ href: safeReturnPath(search.returnTo) });
  },
  ...FLOW_ROUTE,
  // The browser leaves for the identity provider; the page says so meanwhile, or that the
  // provider could not be reached.
  loader: async ({ context, deps }) => {
    try {
      await context.auth.signIn({ returnTo: deps.returnTo });
      return { unreachable: false };
    } catch {
      return { unreachable: true };
    }
  },
  pendingComponent: SignInRedirectPage,
  component: function SignInRoute() {
    return Route.useLoaderData().unreachable ? <SignInUnreachable /> : <SignInRedirectPage />;
  },
});
