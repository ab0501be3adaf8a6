import { createFileRoute } from '@tanstack/react-router';
import { EnrollPage } from '../../../../../../features/mfa/Enroll.page';
import { preloadWizard } from '../../../../../../features/mfa/wizards/loadWizard';
import { wizardFor } from '../../../../../../features/mfa/wizards/wizardFor';
import { useLanguage } from '../../../../../../messages/t';

export const Route = createFileRoute('/_authenticated/profile/mfa/enroll/$provider/$factorType')({
  // The wizard's chunk downloads beside the route's own, not after it renders.
  loader: ({ params }) => preloadWizard(wizardFor(params.provider, params.factorType)),
  component: function Enroll() {
    useLanguage(); // re-render in the newly chosen language
    const { provider, factorType } = Route.useParams();
    return <EnrollPage provider={provider} factorType={factorType} />;
  },
});
