import { createFileRoute } from '@tanstack/react-router';
import { finishLinkSignIn } from '../../../features/identities/linkSignIn';
import { completeSignInCallback } from '../../../features/sign-in/signInCallback.flow';
import { SignInCallbackFailed, SignInCallbackPage } from '../../../features/sign-in/SignInCallback.page';
import { FLOW_ROUTE } from '../../../shared/auth/flowRoute';
import { takeCallbackQuery } from '../../../shared/navigation/callbackQuery';

export const Route = createFileRoute('/auth/default/callback')({
  ...FLOW_ROUTE,
  // A completed sign-in leaves for where the user was going (or the link confirmation); what
  // the page gets is why it could not complete.
  loader: ({ context, location, navigate }) => {
    const { href } = takeCallbackQuery(location, navigate);
    return completeSignInCallback(context.auth, new URL(href, window.location.origin).toString(), finishLinkSignIn);
  },
  pendingComponent: SignInCallbackPage,
  component: function DefaultCallback() {
    return <SignInCallbackFailed failure={Route.useLoaderData()} />;
  },
});
