import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useGetFactors, useResetFactor } from '../../../generated/api/factors/factors';
import { textOf, useLanguage, useT } from '../../messages/t';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { toast } from '../../shared/ui/toast';
import { isRemoved } from '../../shared/factorAnswers';
import { addedOf, formatAddedDate } from './addedDate';
import { mfaRows, type MfaRow } from './mfaRows';

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

/** A method's name, and below it the day it was added when the server says (nothing when it does not). */
function MethodName({ name, added }: { name: string; added: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <Text component="span" display="block" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {added && (
        <Text component="span" display="block" size="sm" c="dimmed">
          {t('mfa.added', { date: formatAddedDate(added, language) })}
        </Text>
      )}
    </>
  );
}

/**
 * The sign-in methods with their removal (which asks first, naming the method). On the MFA
 * page (`review` off): every known factor, view mode showing its state, edit mode Remove or
 * Set up. In review (`review` on, the "This wasn't me" guide): only the methods set up, each
 * with Remove at once. `onRemoved` hears of each removal the server confirmed.
 */
export function MfaMethods({ review = false, onRemoved }: { review?: boolean; onRemoved?: (name: string) => void }) {
  const t = useT();
  const factors = useGetFactors();
  const reset = useResetFactor();
  const [editingList, setEditing] = useState(false);
  const editing = review || editingList;
  // The factor the person is asked about before it is removed (spec: Remove resets it).
  const [confirming, setConfirming] = useState<{ factorId: string; name: string }>();

  const remove = () => {
    if (!confirming || reset.isPending) return;
    const { name } = confirming;
    reset.mutate(
      { factorId: confirming.factorId },
      {
        onSuccess: async (result) => {
          setConfirming(undefined);
          if (isRemoved(result)) {
            toast.success(t('mfa.resetSuccess'));
            onRemoved?.(name);
          }
          await factors.refetch();
        },
        onError: () => setConfirming(undefined),
      },
    );
  };

  const all = factors.data ? mfaRows(factors.data.factors) : [];
  const rows = review ? all.filter((row) => row.action.kind === 'remove') : all;
  const rowName = (row: MfaRow) => textOf(row.name, t);

  return (
    <>
      {factors.isPending && <PageLoader />}
      {factors.isError && <LoadError title={t('mfa.loadFailed')} onRetry={() => void factors.refetch()} />}
      {factors.isSuccess && rows.length === 0 && <Text>{t(review ? 'overview.methods.none' : 'mfa.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder p="xs" maw={720}>
          {!review && (
            <Group justify="flex-end" mb="xs">
              <Button variant={editing ? 'filled' : 'default'} onClick={() => setEditing((on) => !on)} aria-pressed={editing}>
                {editing ? t('mfa.done') : t('mfa.edit')}
              </Button>
            </Group>
          )}
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('mfa.method')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t(review ? 'mfa.remove' : 'mfa.status')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const name = rowName(row);
                return (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <MethodName name={name} added={addedOf(row, factors.data?.factors ?? [])} />
                    </Table.Td>
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
      <ConfirmDialog
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
