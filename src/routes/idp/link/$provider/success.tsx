import { createFileRoute, notFound } from '@tanstack/react-router';
import { IdpLinkSuccess } from '../../../../features/identities/IdpLinkSuccess.page';
import { takeJustLinked } from '../../../../features/identities/linkState';
import { ONCE_PER_VISIT } from '../../../../shared/auth/flowRoute';
import { isSocialProvider } from '../../../../shared/socialProviders';

export const Route = createFileRoute('/idp/link/$provider/success')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
    return { provider: params.provider };
  },
  // The mark of a link just made is used up by the one visit that reports it.
  ...ONCE_PER_VISIT,
  loader: ({ context }) => ({ justLinked: takeJustLinked(context.provider) }),
  component: function LinkSuccessRoute() {
    const { provider } = Route.useParams();
    const { justLinked } = Route.useLoaderData();
    return isSocialProvider(provider) ? <IdpLinkSuccess provider={provider} justLinked={justLinked} /> : null;
  },
});
