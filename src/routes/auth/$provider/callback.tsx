import { createFileRoute, notFound } from '@tanstack/react-router';
import { SocialCallback } from '../../../features/identities/SocialCallback.page';
import { continueSocialLink } from '../../../features/identities/socialCallback.flow';
import { ONCE_PER_VISIT, PENDING_AT_ONCE } from '../../../shared/auth/flowRoute';
import { takeCallbackQuery } from '../../../shared/callbackQuery';
import { stringParams } from '../../../shared/searchParams';
import { isSocialProvider } from '../../../shared/socialProviders';

/** Completes a link this tab started from the profile's Link control. */
export const Route = createFileRoute('/auth/$provider/callback')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state']),
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
    return { provider: params.provider };
  },
  ...ONCE_PER_VISIT,
  ...PENDING_AT_ONCE,
  // The flow's code loads when a visit needs it; the small page ships with the entry, so its
  // waiting state shows at once.
  codeSplitGroupings: [['loader']],
  loader: ({ context, location, navigate }) => {
    const { code, state } = stringParams(takeCallbackQuery(location, navigate).search, ['code', 'state']);
    return continueSocialLink({ auth: context.auth, provider: context.provider, code, state, from: 'profile' });
  },
  pendingComponent: function SocialCallbackPending() {
    const { provider } = Route.useParams();
    return isSocialProvider(provider) ? <SocialCallback provider={provider} /> : null;
  },
  component: function SocialCallbackRoute() {
    const { provider } = Route.useParams();
    const failure = Route.useLoaderData();
    return isSocialProvider(provider) ? <SocialCallback provider={provider} failure={failure} /> : null;
  },
});
