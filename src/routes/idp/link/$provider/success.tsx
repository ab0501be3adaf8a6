import { createFileRoute } from '@tanstack/react-router';
import { IdpLinkSuccessPage } from '../../../../features/identities/IdpLinkSuccess.page';
import { takeJustLinked } from '../../../../features/identities/linkState';
import { FLOW_ROUTE } from '../../../../shared/auth/flowRoute';

export const Route = createFileRoute('/idp/link/$provider/success')({
  // The mark of a link just made is used up by the one visit that reports it.
  ...FLOW_ROUTE,
  loader: ({ params }) => ({ justLinked: takeJustLinked(params.provider) }),
  component: function LinkSuccessRoute() {
    return <IdpLinkSuccessPage provider={Route.useParams().provider} justLinked={Route.useLoaderData().justLinked} />;
  },
});
