import { createFileRoute } from '@tanstack/react-router';
import { MfaListPage } from '../../../../features/mfa/MfaList.page';

export const Route = createFileRoute('/_authenticated/profile/mfa/')({
  component: MfaListPage,
});
