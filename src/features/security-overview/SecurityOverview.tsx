import { Anchor, Group, Paper, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { getGetFactorsQueryOptions, useGetFactors } from '../../../generated/api/factors/factors';
import { useGetLinkedIdentities } from '../../../generated/api/identities/identities';
import { getGetProfileQueryOptions, useGetProfile } from '../../../generated/api/profile/profile';
import { useT } from '../../messages/t';
import type { PageQuery } from '../../shared/api/queries';
import { PageLoader } from '../../shared/ui/PageLoader';
import { SignOutOtherDevices } from '../../shared/ui/SignOutOtherDevices';
import { socialIdentitiesQueries, useSocialBoxShown } from '../identities/SocialIdentities';
import classes from './SecurityOverview.module.css';
import { securityOverview, type OverviewItem } from './overviewItems';

function StatusIcon({ done }: { done: boolean }) {
  return (
    <ThemeIcon size={22} radius="xl" color={done ? 'teal.8' : 'orange.8'} aria-hidden="true">
      <svg
        width="14"
        height="14"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {done ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <path d="M12 6v7M12 17.5v.5" />}
      </svg>
    </ThemeIcon>
  );
}

function focusById(id: string) {
  const target = document.getElementById(id);
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}

function FixLink({ fix }: { fix: NonNullable<OverviewItem['fix']> }) {
  const t = useT();
  const label = t(fix.label, fix.vars);
  if ('to' in fix) {
    return (
      <Anchor component={Link} to={fix.to} size="sm" underline="always">
        {label}
      </Anchor>
    );
  }
  if ('enroll' in fix) {
    return (
      <Anchor
        renderRoot={(props) => <Link {...props} to="/profile/mfa/enroll/$provider/$factorType" params={fix.enroll} />}
        size="sm"
        underline="always"
      >
        {label}
      </Anchor>
    );
  }
  return (
    <Anchor component="button" type="button" size="sm" underline="always" onClick={() => focusById(fix.focus)}>
      {label}
    </Anchor>
  );
}

/** What the overview reads (the linked identities where the social box is shown): its loader ensures these. */
export const securityOverviewQueries = (): PageQuery[] => [getGetProfileQueryOptions(), getGetFactorsQueryOptions(), ...socialIdentitiesQueries()];

/**
 * The Security overview at the top of /profile/details, from the data the page loads anyway:
 * what is set up, what is not, and a link to fix each missing piece; whether the person can sign
 * in without mobile signal; and Sign out other devices.
 */
export function SecurityOverview() {
  const t = useT();
  const profile = useGetProfile();
  const factors = useGetFactors();
  const socialShown = useSocialBoxShown();
  const idps = useGetLinkedIdentities({ query: { enabled: socialShown } });

  // A failed call is reported by the box that shows its data; the overview just stays away.
  if (profile.isError || factors.isError) return null;

  const overview =
    profile.data && factors.data
      ? securityOverview({
          factors: factors.data.factors,
          recoveryEmail: profile.data.secondaryEmail,
          idps: socialShown ? idps.data?.idps : undefined,
          providerLabel: (label) => t(label),
        })
      : undefined;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="security-overview" mb="md">
      <Title order={2} size="h3" id="security-overview" mb="xs">
        {t('overview.title')}
      </Title>
      {!overview && <PageLoader />}
      {overview && (
        <>
          <Text fw={600} mb="sm" data-testid="overview-summary">
            {t(overview.wellProtected ? 'overview.wellProtected' : 'overview.needsAttention')}
          </Text>
          <ul className={classes.items}>
            {overview.items.map((item) => (
              <li key={item.id} data-testid={`overview-${item.id}`}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <StatusIcon done={item.done} />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    <VisuallyHidden>{t(item.done ? 'overview.done' : 'overview.todo')} </VisuallyHidden>
                    {t(item.text, item.vars)}
                    {item.fix && (
                      <>
                        {' '}
                        <FixLink fix={item.fix} />
                      </>
                    )}
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
          <Group mt="md" gap="sm" justify="space-between" wrap="wrap">
            <Text size="sm" maw={520}>
              {t('otherDevices.hint')}
            </Text>
            <SignOutOtherDevices />
          </Group>
        </>
      )}
    </Paper>
  );
}
