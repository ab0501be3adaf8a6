import { createFileRoute } from '@tanstack/react-router';
import { EnrollPage } from '../../../../../../features/mfa/Enroll.page';
import { useLanguage } from '../../../../../../messages/t';

export const Route = createFileRoute('/_authenticated/profile/mfa/enroll/$provider/$factorType')({
  component: function Enroll() {
    useLanguage(); // re-render in the newly chosen language
    const { provider, factorType } = Route.useParams();
    return <EnrollPage provider={provider} factorType={factorType} />;
  },
});
