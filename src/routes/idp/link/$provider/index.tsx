import { createFileRoute, notFound } from '@tanstack/react-router';
import { SocialCallback } from '../../../../features/identities/SocialCallback.page';
import { stringParams } from '../../../../shared/searchParams';
import { isSocialProvider } from '../../../../shared/socialProviders';
import { useLanguage } from '../../../../messages/t';

/** Starts linking an external identity that the identity provider pointed at (from /idp/instructions). */
export const Route = createFileRoute('/idp/link/$provider/')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state']),
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: function IdpLinkRoute() {
    useLanguage(); // re-render in the newly chosen language
    const { provider } = Route.useParams();
    const { code, state } = Route.useSearch();
    const { auth } = Route.useRouteContext();
    return isSocialProvider(provider) ? (
      <SocialCallback auth={auth} provider={provider} code={code} state={state} from="identity-provider" />
    ) : null;
  },
});
