import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState, useTransition } from 'react';
import { useGetFactors, useResetFactor } from '../../../generated/api/factors/factors';
import type { Factor } from '../../../generated/model';
import { textOf, useLanguage, useT } from '../../messages/t';
import { afterNextPaint } from '../../shared/ui/afterPaint';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { toast } from '../../shared/ui/toast';
import { isRemoved } from '../../shared/api/factorAnswers';
import { addedOf, formatAddedDate } from './addedDate';
import { maskPhone } from './mask';
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
  const { action } = row;
  if (!editing) {
    return (
      // Its whole word, not "Enab…": the method's name is the column that wraps on a phone.
      <Badge color={row.enabled ? 'var(--portal-status-on)' : 'var(--portal-status-off)'} variant="outline" tt="none" miw="max-content">
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
  return <SetupButton provider={action.provider} factorType={action.factorType} name={name} />;
}

/**
 * Set up: opens the method's wizard. Reaching it (the button in view, once the list is in edit
 * mode) is an intent: the wizard's page and code start loading then (the route's loader starts
 * the wizard's chunk), not at the click.
 */
function SetupButton({ provider, factorType, name }: { provider: Factor['provider']; factorType: Factor['factorType']; name: string }) {
  const t = useT();
  const router = useRouter();
  const to = '/profile/mfa/enroll/$provider/$factorType';
  const params = { provider, factorType };
  const preloadWhenSeen = useCallback(
    (button: HTMLButtonElement | null) => {
      if (!button || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void router.preloadRoute({ to, params: { provider, factorType } });
      });
      observer.observe(button);
      return () => observer.disconnect();
    },
    [router, provider, factorType],
  );
  return (
    <Button
      ref={preloadWhenSeen}
      size="xs"
      // The pressed button paints first; the move to the wizard's page renders after it.
      onClick={() => afterNextPaint(() => void router.navigate({ to, params }))}
      aria-label={t('mfa.setupLabel', { name })}
    >
      {t('mfa.setup')}
    </Button>
  );
}

/**
 * A method's name, and below it the phone it uses (masked) and the day it was added, each when
 * the server says (nothing when it does not).
 */
function MethodName({ name, phone, added }: { name: string; phone: string | undefined; added: string | undefined }) {
  const t = useT();
  const language = useLanguage();
  return (
    <>
      <Text component="span" display="block" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {phone && (
        <Text component="span" display="block" size="sm" c="dimmed">
          {t('mfa.methodPhone', { phone })}
        </Text>
      )}
      {added && (
        <Text component="span" display="block" size="sm" c="dimmed">
          {t('mfa.added', { date: formatAddedDate(added, language) })}
        </Text>
      )}
    </>
  );
}

type Factors = ReturnType<typeof useGetFactors>;
type Confirming = { factorId: string; name: string };

/**
 * Removing a factor after the person confirmed it: `confirming` is the factor they are asked
 * about (spec: Remove resets it); `onRemoved` hears of each removal the server confirmed.
 */
function useFactorRemoval(factors: Factors, onRemoved: ((name: string) => void) | undefined) {
  const t = useT();
  const reset = useResetFactor();
  const [confirming, setConfirming] = useState<Confirming>();

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
  return { confirming, setConfirming, remove, busy: reset.isPending };
}

const NO_FACTORS: ReadonlyArray<Factor> = [];

/** The table of methods, each row with its name and its control (see RowControl). */
const MethodsTable = memo(function MethodsTable({
  rows,
  factors,
  review,
  editing,
  busy,
  onRemove,
}: {
  rows: MfaRow[];
  factors: ReadonlyArray<Factor>;
  review: boolean;
  editing: boolean;
  busy: boolean;
  onRemove: (choice: Confirming) => void;
}) {
  const t = useT();
  return (
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
          const name = textOf(row.name, t);
          return (
            <Table.Tr key={row.key}>
              <Table.Td>
                <MethodName name={name} phone={row.phone && maskPhone(row.phone)} added={addedOf(row, factors)} />
              </Table.Td>
              <Table.Td ta="right">
                <RowControl row={row} name={name} editing={editing} busy={busy} onRemove={(factorId) => onRemove({ factorId, name })} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
});

/** The question asked before a method is removed, naming it. */
function RemoveConfirm({
  confirming,
  busy,
  onConfirm,
  onCancel,
}: {
  confirming: Confirming | undefined;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      opened={confirming !== undefined}
      title={confirming ? t('mfa.removeConfirmTitle', { name: confirming.name }) : ''}
      message={confirming ? t('mfa.removeConfirm', { name: confirming.name }) : ''}
      confirmLabel={t('mfa.remove')}
      cancelLabel={t('profile.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
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
  const removal = useFactorRemoval(factors, onRemoved);
  const [editingList, setEditing] = useState(false);
  // Edit and Done render the list again in the background (a transition): the click paints at
  // once with the button's new state, and the list (memoised, so that paint skips it) follows.
  const [switching, startEditing] = useTransition();
  const editing = review || editingList;
  const buttonEditing = switching ? !editingList : editingList;

  const rows = useMemo(() => {
    const all = factors.data ? mfaRows(factors.data.factors) : [];
    return review ? all.filter((row) => row.action.kind === 'remove') : all;
  }, [factors.data, review]);

  return (
    <>
      {factors.isPending && <PageLoader />}
      {factors.isError && <LoadError title={t('mfa.loadFailed')} onRetry={() => void factors.refetch()} />}
      {factors.isSuccess && rows.length === 0 && <Text>{t(review ? 'overview.methods.none' : 'mfa.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder p="xs" maw={720}>
          {!review && (
            <Group justify="flex-end" mb="xs">
              <Button
                variant={buttonEditing ? 'filled' : 'default'}
                onClick={() => startEditing(() => setEditing((on) => !on))}
                aria-pressed={buttonEditing}
              >
                {buttonEditing ? t('mfa.done') : t('mfa.edit')}
              </Button>
            </Group>
          )}
          <MethodsTable
            rows={rows}
            factors={factors.data?.factors ?? NO_FACTORS}
            review={review}
            editing={editing}
            busy={removal.busy}
            onRemove={removal.setConfirming}
          />
        </Paper>
      )}
      <RemoveConfirm
        confirming={removal.confirming}
        busy={removal.busy}
        onConfirm={removal.remove}
        onCancel={() => removal.setConfirming(undefined)}
      />
    </>
  );
}
