import { createFileRoute } from '@tanstack/react-router';
import { EnrollPage } from '../../../../../../features/mfa/Enroll.page';
import { factorKindFor } from '../../../../../../features/mfa/factorKinds';
import { preloadWizard } from '../../../../../../features/mfa/wizards/loadWizard';

export const Route = createFileRoute('/_authenticated/profile/mfa/enroll/$provider/$factorType')({
  // The pair is read as a kind here, once; its wizard's chunk downloads beside the route's own.
  loader: ({ params }) => {
    const kind = factorKindFor(params.provider, params.factorType);
    preloadWizard(kind);
    return { kind };
  },
  component: function Enroll() {
    const { kind } = Route.useLoaderData();
    const { provider, factorType } = Route.useParams();
    return <EnrollPage kind={kind} provider={provider} factorType={factorType} />;
  },
});
