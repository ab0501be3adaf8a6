import { createFileRoute } from '@tanstack/react-router';
import { finishLinkSignIn } from '../../../features/identities/linkSignIn';
import { completeSignInCallback } from '../../../features/sign-in/signInCallback.flow';
import { SignInCallbackFailed, SignInCallbackPending } from '../../../features/sign-in/SignInCallback.page';
import { ONCE_PER_VISIT, PENDING_AT_ONCE } from '../../../shared/auth/flowRoute';
import { takeCallbackQuery } from '../../../shared/callbackQuery';

export const Route = createFileRoute('/auth/default/callback')({
  ...ONCE_PER_VISIT,
  ...PENDING_AT_ONCE,
  // The flow's code loads when a visit needs it; the small page ships with the entry, so its
  // waiting state shows at once.
  codeSplitGroupings: [['loader']],
  // A completed sign-in leaves for where the user was going (or the link confirmation); what
  // the page gets is why it could not complete.
  loader: ({ context, location, navigate }) => {
    const { href } = takeCallbackQuery(location, navigate);
    return completeSignInCallback(context.auth, new URL(href, window.location.origin).toString(), finishLinkSignIn);
  },
  pendingComponent: SignInCallbackPending,
  component: function DefaultCallback() {
    return <SignInCallbackFailed failure={Route.useLoaderData()} />;
  },
});
