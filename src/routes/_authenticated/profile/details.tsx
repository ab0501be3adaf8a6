import { createFileRoute } from '@tanstack/react-router';
import { getGetIdpConfigQueryOptions, getGetLinkedIdentitiesQueryOptions } from '../../../../generated/api/identities/identities';
import { SocialIdentities } from '../../../features/identities/SocialIdentities';
import { PersonalInformation } from '../../../features/profile/PersonalInformation';
import { t } from '../../../messages/t';
import { PageTitle } from '../../../shared/ui/PageTitle';

export const Route = createFileRoute('/_authenticated/profile/details')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getGetIdpConfigQueryOptions());
    void context.queryClient.prefetchQuery(getGetLinkedIdentitiesQueryOptions());
  },
  component: function ProfileDetails() {
    return (
      <>
        <PageTitle>{t('page.profile')}</PageTitle>
        <PersonalInformation />
        <SocialIdentities />
      </>
    );
  },
});
