import { createFileRoute } from '@tanstack/react-router';
import { EnrollPage } from '../../../../../../features/mfa/Enroll.page';

export const Route = createFileRoute('/_authenticated/profile/mfa/enroll/$provider/$factorType')({
  component: function Enroll() {
    const { provider, factorType } = Route.useParams();
    return <EnrollPage provider={provider} factorType={factorType} />;
  },
});
