import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import {
  getGetIdpConfigQueryOptions,
  getGetLinkedIdentitiesQueryOptions,
  useGetIdpConfig,
  useGetLinkedIdentities,
  useUnlinkIdentity,
} from '../../../generated/api/identities/identities';
import type { PageQuery } from '../../shared/api/queries';
import { useT } from '../../messages/t';
import { useAuth } from '../../shared/auth/useAuth';
import { config } from '../../shared/config/config';
import { SOCIAL_IDENTITIES_HEADING_ID } from '../../shared/navigation/pageAnchors';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { toast } from '../../shared/ui/toast';
import { useConfirmedChange } from '../../shared/ui/useConfirmedChange';
import { identityControl, identityRows, type IdentityRow } from './identityRows';
import { startLinkAttempt } from './linkState';
import { ProviderLogo } from './ProviderLogo';

/** What the box reads, where the deployment has it: its loader ensures these. */
export const socialIdentitiesQueries = (): PageQuery[] =>
  config.socialIdentities ? [getGetIdpConfigQueryOptions(), getGetLinkedIdentitiesQueryOptions()] : [];

/**
 * Whether the Social Identities & IAM SMART box is shown: the deployment has it
 * (config.json's socialIdentities) and the app config call says 'true'.
 */
export function useSocialBoxShown(): boolean {
  const idpConfig = useGetIdpConfig({ query: { enabled: config.socialIdentities } });
  return config.socialIdentities && idpConfig.data === 'true';
}

/** The Social Identities & IAM SMART box, where it is shown. */
export function SocialIdentities() {
  return useSocialBoxShown() ? <SocialIdentitiesBox /> : null;
}

/** Sends the person to the provider to link it, the attempt kept for this tab and this person. */
function useStartLink() {
  const navigate = useNavigate();
  const auth = useAuth();
  return (row: IdentityRow) => {
    // The attempt belongs to this tab and this person; they confirm the link once back.
    const owner = auth.subject();
    if (!owner) return;
    startLinkAttempt({ idpId: row.id, idpName: row.provider }, { owner, phase: 'provider' });
    void navigate({ to: '/auth/$provider/login', params: { provider: row.provider } });
  };
}

/**
 * Unlinking an identity once the person confirmed it (`asking` is the one they are asked about):
 * the success toast only when the server says it happened, and its refusal said plainly.
 */
function useUnlink(idps: ReturnType<typeof useGetLinkedIdentities>) {
  const t = useT();
  const unlink = useUnlinkIdentity();
  return useConfirmedChange<IdentityRow>({
    change: ({ id }) => unlink.mutateAsync({ idpId: id }),
    done: () => toast.success(t('identities.unlinkSuccess')),
    refused: ({ label }) => t('identities.unlinkFailed', { provider: t(label) }),
    settled: idps.refetch,
  });
}

/** One provider: its logo and name, and Linked, Link or Unlink. */
function IdentityItem({ row, onLink, onUnlink }: { row: IdentityRow; onLink: (row: IdentityRow) => void; onUnlink: (row: IdentityRow) => void }) {
  const t = useT();
  const control = identityControl(row);
  const label = t(row.label);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <ProviderLogo provider={row.provider} />
        <Text fw={500}>{label}</Text>
      </Group>
      {control === 'linked' && (
        <Badge color="var(--portal-status-on)" variant="outline" tt="none">
          {t('identities.linked')}
        </Badge>
      )}
      {control === 'link' && (
        <Button size="xs" onClick={() => onLink(row)} aria-label={t('identities.linkLabel', { provider: label })}>
          {t('identities.link')}
        </Button>
      )}
      {control === 'unlink' && (
        <Button size="xs" variant="default" onClick={() => onUnlink(row)} aria-label={t('identities.unlinkLabel', { provider: label })}>
          {t('identities.unlink')}
        </Button>
      )}
    </Group>
  );
}

function SocialIdentitiesBox() {
  const t = useT();
  const startLink = useStartLink();
  const idps = useGetLinkedIdentities();
  const unlink = useUnlink(idps);
  const rows = idps.data ? identityRows(idps.data.idps) : [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={SOCIAL_IDENTITIES_HEADING_ID} mt="md">
      <Title order={2} size="h3" id={SOCIAL_IDENTITIES_HEADING_ID} mb="xs" tabIndex={-1}>
        {t('identities.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('identities.intro')}
      </Text>
      {idps.isPending && <PageLoader />}
      {idps.isError && <LoadError title={t('identities.loadFailed')} onRetry={() => void idps.refetch()} />}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <IdentityItem key={row.id} row={row} onLink={startLink} onUnlink={unlink.ask} />
        ))}
      </Stack>
      <ConfirmDialog
        opened={unlink.asking !== undefined}
        onCancel={unlink.cancel}
        title={unlink.asking ? t('identities.confirmTitle', { provider: t(unlink.asking.label) }) : ''}
        message={t('identities.unlinkConfirm')}
        cancelLabel={t('profile.cancel')}
        confirmLabel={t('identities.unlink')}
        busy={unlink.busy}
        onConfirm={unlink.confirm}
      />
    </Paper>
  );
}
