import { createFileRoute } from '@tanstack/react-router';
import { SocialIdentities, socialIdentitiesQueries } from '../../../features/identities/SocialIdentities';
import { PersonalInformation, personalInformationQueries } from '../../../features/profile/PersonalInformation';
import { SecurityOverview, securityOverviewQueries } from '../../../features/security-overview/SecurityOverview';
import { useT } from '../../../messages/t';
import { ensureQueries } from '../../../shared/api/queries';
import { headerQueries } from '../../../app/Header';
import { PageTitle } from '../../../shared/ui/PageTitle';

export const Route = createFileRoute('/_authenticated/profile/details')({
  staticData: { menu: { label: 'nav.profile', order: 1 } },
  // The sections' data loads beside the page's code, and the page paints once with all of it,
  // so nothing moves (CLS 0); what the header reads, the layout's loader ensures.
  loader: ({ context }) =>
    ensureQueries(context.queryClient, [...securityOverviewQueries(), ...personalInformationQueries(), ...socialIdentitiesQueries()], {
      except: headerQueries(),
    }),
  component: function ProfileDetails() {
    const t = useT();
    return (
      <>
        <PageTitle>{t('page.profile')}</PageTitle>
        <SecurityOverview />
        <PersonalInformation />
        <SocialIdentities />
      </>
    );
  },
});
