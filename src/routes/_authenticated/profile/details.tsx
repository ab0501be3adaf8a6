import { createFileRoute } from '@tanstack/react-router';
import { getGetFactorsQueryOptions } from '../../../../generated/api/factors/factors';
import { getGetProfileQueryOptions } from '../../../../generated/api/profile/profile';
import { getGetIdpConfigQueryOptions, getGetLinkedIdentitiesQueryOptions } from '../../../../generated/api/identities/identities';
import { SocialIdentities } from '../../../features/identities/SocialIdentities';
import { PersonalInformation } from '../../../features/profile/PersonalInformation';
import { SecurityOverview } from '../../../features/security-overview/SecurityOverview';
import { useT } from '../../../messages/t';
import { config } from '../../../shared/config/config';
import { PageTitle } from '../../../shared/ui/PageTitle';

export const Route = createFileRoute('/_authenticated/profile/details')({
  staticData: { menu: { label: 'nav.profile', order: 1 } },
  loader: async ({ context }) => {
    // The data loads beside the page's code (the social box's only where the deployment has
    // it), and the page paints once with all of it, so nothing moves (CLS 0). A failed call
    // still renders the page, with that box's error.
    const { queryClient } = context;
    await Promise.allSettled([
      queryClient.ensureQueryData(getGetProfileQueryOptions()),
      queryClient.ensureQueryData(getGetFactorsQueryOptions()),
      ...(config.socialIdentities
        ? [queryClient.ensureQueryData(getGetIdpConfigQueryOptions()), queryClient.ensureQueryData(getGetLinkedIdentitiesQueryOptions())]
        : []),
    ]);
  },
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
