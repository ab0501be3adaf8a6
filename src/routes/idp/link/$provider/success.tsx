import { createFileRoute, notFound } from '@tanstack/react-router';
import { IdpLinkSuccess } from '../../../../features/identities/IdpLinkSuccess.page';
import { isSocialProvider } from '../../../../shared/socialProviders';

export const Route = createFileRoute('/idp/link/$provider/success')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: function LinkSuccessRoute() {
    const { provider } = Route.useParams();
    return isSocialProvider(provider) ? <IdpLinkSuccess provider={provider} /> : null;
  },
});
