import { createFileRoute } from '@tanstack/react-router';
import { SignInCallback } from '../../../features/sign-in/SignInCallback.page';

export const Route = createFileRoute('/auth/default/callback')({
  component: function DefaultCallback() {
    const { auth } = Route.useRouteContext();
    return <SignInCallback auth={auth} />;
  },
});
