import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInRedirect } from '../../../features/sign-in/SignInRedirect.page';
import { useLanguage } from '../../../messages/t';

export const Route = createFileRoute('/auth/default/login')({
  validateSearch: (search: Record<string, unknown>): { returnTo?: string } =>
    typeof search.returnTo === 'string' ? { returnTo: search.returnTo } : {},
  // A logout under way is not undone by a sign-in that starts by itself.
  beforeLoad: ({ context }) => {
    if (context.auth.signedOut()) throw redirect({ to: '/signed-out' });
  },
  component: function DefaultLogin() {
    useLanguage(); // re-render in the newly chosen language
    const { returnTo } = Route.useSearch();
    const { auth } = Route.useRouteContext();
    return <SignInRedirect auth={auth} returnTo={returnTo} />;
  },
});
