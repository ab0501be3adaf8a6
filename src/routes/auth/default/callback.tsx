import { createFileRoute } from '@tanstack/react-router';
import { finishLinkSignIn } from '../../../features/identities/linkSignIn';
import { SignInCallback } from '../../../features/sign-in/SignInCallback.page';
import { useLanguage } from '../../../messages/t';

export const Route = createFileRoute('/auth/default/callback')({
  component: function DefaultCallback() {
    useLanguage(); // re-render in the newly chosen language
    const { auth } = Route.useRouteContext();
    return <SignInCallback auth={auth} afterSignIn={finishLinkSignIn} />;
  },
});
