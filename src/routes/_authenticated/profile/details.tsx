import { createFileRoute } from '@tanstack/react-router';
import { getGetIdpConfigQueryOptions, getGetLinkedIdentitiesQueryOptions } from '../../../../generated/api/identities/identities';
import { SocialIdentities } from '../../../features/identities/SocialIdentities';
import { PersonalInformation } from '../../../features/profile/PersonalInformation';
import { SecurityOverview } from '../../../features/profile/SecurityOverview';
import { t, useLanguage } from '../../../messages/t';
import { config } from '../../../shared/config';
import { PageTitle } from '../../../shared/ui/PageTitle';

export const Route = createFileRoute('/_authenticated/profile/details')({
  loader: ({ context }) => {
    // The data loads beside the page's code; the social box only where the deployment has it.
    if (!config.socialIdentities) return;
    void context.queryClient.prefetchQuery(getGetIdpConfigQueryOptions());
    void context.queryClient.prefetchQuery(getGetLinkedIdentitiesQueryOptions());
  },
  component: function ProfileDetails() {
    useLanguage(); // re-render in the newly chosen language
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
