import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { getGetProfileQueryOptions, useGetProfile } from '../../../generated/api/profile/profile';
import type { PageQuery } from '../../shared/api/queries';
import { useT, type FrameKey } from '../../messages/t';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import classes from './PersonalInformation.module.css';
import { toProfile } from './profile';
import { RecoveryEmail } from './RecoveryEmail';

function Detail({ label, children }: { label: FrameKey; children: ReactNode }) {
  const t = useT();
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {t(label)}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** What the box reads: its loader ensures these. */
export const personalInformationQueries = (): PageQuery[] => [getGetProfileQueryOptions()];

export function PersonalInformation() {
  const t = useT();
  const query = useGetProfile({ query: { select: toProfile } });
  const profile = query.data;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="personal-information">
      <Title order={2} size="h3" id="personal-information" mb="sm">
        {t('profile.personalInformation')}
      </Title>
      {query.isPending && <PageLoader />}
      {query.isError && <LoadError title={t('profile.loadFailed')} onRetry={() => void query.refetch()} />}
      {profile && (
        <dl className={classes.details}>
          <Detail label="profile.electronicId">{profile.electronicId}</Detail>
          <Detail label="profile.displayName">{profile.displayName}</Detail>
          <Detail label="profile.firstName">{profile.firstName}</Detail>
          <Detail label="profile.lastName">{profile.lastName}</Detail>
          <Detail label="profile.primaryEmail">{profile.primaryEmail}</Detail>
          <Detail label="profile.department">{profile.department}</Detail>
          <div className={classes.wide}>
            <Text component="dt" size="sm" c="dimmed" id="recovery-email-label">
              {t('profile.secondaryEmail')}
            </Text>
            <Text component="dd" m={0}>
              <RecoveryEmail profile={profile} />
            </Text>
          </div>
        </dl>
      )}
    </Paper>
  );
}
