import { createFileRoute } from '@tanstack/react-router';
import { SocialCallbackPage } from '../../../features/identities/SocialCallback.page';
import { continueSocialLink } from '../../../features/identities/socialCallback.flow';
import { FLOW_ROUTE } from '../../../shared/auth/flowRoute';
import { takeCallbackQuery } from '../../../shared/navigation/callbackQuery';
import { stringParams } from '../../../shared/navigation/searchParams';

/** Completes a link this tab started from the profile's Link control. */
export const Route = createFileRoute('/auth/$provider/callback')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state']),
  ...FLOW_ROUTE,
  loader: ({ context, params, location, navigate }) => {
    const { code, state } = stringParams(takeCallbackQuery(location, navigate).search, ['code', 'state']);
    return continueSocialLink({ auth: context.auth, provider: params.provider, code, state, from: 'profile' });
  },
  pendingComponent: function SocialCallbackPending() {
    return <SocialCallbackPage provider={Route.useParams().provider} />;
  },
  component: function SocialCallbackRoute() {
    return <SocialCallbackPage provider={Route.useParams().provider} failure={Route.useLoaderData()} />;
  },
});
