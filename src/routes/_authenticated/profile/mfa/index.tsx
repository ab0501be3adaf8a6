import { createFileRoute } from '@tanstack/react-router';
import { headerQueries } from '../../../../app/Header';
import { MfaListPage } from '../../../../features/mfa/MfaList.page';
import { mfaMethodsQueries } from '../../../../features/mfa/mfaQueries';
import { ensureQueries } from '../../../../shared/api/queries';

export const Route = createFileRoute('/_authenticated/profile/mfa/')({
  staticData: { menu: { label: 'nav.mfa', order: 3 } },
  // The passkeys load beside the page's code; the factors, the layout's loader ensures.
  loader: ({ context }) => ensureQueries(context.queryClient, mfaMethodsQueries(), { except: headerQueries() }),
  component: MfaListPage,
});
