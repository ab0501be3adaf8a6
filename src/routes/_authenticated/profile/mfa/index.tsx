import { createFileRoute } from '@tanstack/react-router';
import { MfaListPage } from '../../../../features/mfa/MfaList.page';

export const Route = createFileRoute('/_authenticated/profile/mfa/')({
  staticData: { menu: { label: 'nav.mfa', order: 3 } },
  component: MfaListPage,
});
