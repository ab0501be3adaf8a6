import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import '../../shared/ui/laterPageStyles';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useGetFactors, useResetFactor } from '../../../generated/api/factors/factors';
import { textOf, useT } from '../../messages/t';
import { LazyConfirmDialog } from '../../shared/ui/LazyConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { isRemoved } from '../../shared/factorAnswers';
import { mfaRows, type MfaRow } from './factorCatalogue';

/** A row's status in view mode; in edit mode, Remove for a factor set up, Set up for one that is not. */
function RowControl({
  row,
  name,
  editing,
  busy,
  onRemove,
}: {
  row: MfaRow;
  name: string;
  editing: boolean;
  busy: boolean;
  onRemove: (factorId: string) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { action } = row;
  if (!editing) {
    return (
      <Badge color={row.enabled ? 'var(--portal-status-on)' : 'var(--portal-status-off)'} variant="outline" tt="none">
        {row.enabled ? t('mfa.enabled') : t('mfa.disabled')}
      </Badge>
    );
  }
  if (action.kind === 'remove') {
    return (
      <Button
        size="xs"
        color="red.8"
        variant="outline"
        onClick={() => onRemove(action.factorId)}
        disabled={busy}
        aria-label={t('mfa.removeLabel', { name })}
      >
        {t('mfa.remove')}
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      onClick={() =>
        void navigate({ to: '/profile/mfa/enroll/$provider/$factorType', params: { provider: action.provider, factorType: action.factorType } })
      }
      aria-label={t('mfa.setupLabel', { name })}
    >
      {t('mfa.setup')}
    </Button>
  );
}

/** /profile/mfa: every known factor; view mode shows its state, edit mode Remove or Set up. */
export function MfaListPage() {
  const t = useT();
  const factors = useGetFactors();
  const reset = useResetFactor();
  const [editing, setEditing] = useState(false);
  // The factor the person is asked about before it is removed (spec: Remove resets it).
  const [confirming, setConfirming] = useState<{ factorId: string; name: string }>();

  const remove = () => {
    if (!confirming || reset.isPending) return;
    reset.mutate(
      { factorId: confirming.factorId },
      {
        onSuccess: async (result) => {
          setConfirming(undefined);
          if (isRemoved(result)) toast.success(t('mfa.resetSuccess'));
          await factors.refetch();
        },
        onError: () => setConfirming(undefined),
      },
    );
  };

  const rows = factors.data ? mfaRows(factors.data.factors) : [];
  const rowName = (row: MfaRow) => textOf(row.name, t);

  return (
    <>
      <PageTitle>{t('page.mfa')}</PageTitle>
      <Text mb="md">{t('mfa.intro')}</Text>
      {factors.isPending && <PageLoader />}
      {factors.isError && <LoadError title={t('mfa.loadFailed')} onRetry={() => void factors.refetch()} />}
      {factors.isSuccess && rows.length === 0 && <Text>{t('mfa.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder p="xs" maw={720}>
          <Group justify="flex-end" mb="xs">
            <Button variant={editing ? 'filled' : 'default'} onClick={() => setEditing((on) => !on)} aria-pressed={editing}>
              {editing ? t('mfa.done') : t('mfa.edit')}
            </Button>
          </Group>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('mfa.method')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('mfa.status')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const name = rowName(row);
                return (
                  <Table.Tr key={row.key}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                    <Table.Td ta="right">
                      <RowControl
                        row={row}
                        name={name}
                        editing={editing}
                        busy={reset.isPending}
                        onRemove={(factorId) => setConfirming({ factorId, name })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <LazyConfirmDialog
        opened={confirming !== undefined}
        title={confirming ? t('mfa.removeConfirmTitle', { name: confirming.name }) : ''}
        message={confirming ? t('mfa.removeConfirm', { name: confirming.name }) : ''}
        confirmLabel={t('mfa.remove')}
        cancelLabel={t('profile.cancel')}
        busy={reset.isPending}
        onConfirm={remove}
        onCancel={() => setConfirming(undefined)}
      />
    </>
  );
}
