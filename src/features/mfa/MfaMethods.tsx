import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { memo, useCallback, useMemo, useState, useTransition } from 'react';
import { getGetFactorsQueryKey, useGetFactors, useResetFactor } from '../../../generated/api/factors/factors';
import { useDeletePasskey } from '../../../generated/api/passkey-changes/passkey-changes';
import { getListPasskeysQueryKey, useListPasskeys } from '../../../generated/api/passkeys/passkeys';
import type { Factor, Passkey } from '../../../generated/model';
import { textOf, useT } from '../../messages/t';
import { isDone } from '../../shared/api/answers';
import { useDraft } from '../../shared/storage/draft';
import { displayText } from '../../shared/text/displayText';
import { afterNextPaint } from '../../shared/ui/afterPaint';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { toast } from '../../shared/ui/toast';
import { maskPhone } from './mask';
import { MethodDetails, methodLabel } from './MethodDetails';
import { mfaRows, type MfaRow } from './mfaRows';
import { NewPhoneGuide } from './NewPhoneGuide';
import { NicknameDialog, type Renaming } from './NicknameDialog';
import { phoneEnding } from './nickname';
import { Passkeys } from './Passkeys';

/** A row's status in view mode; in edit mode, Rename and Remove for a method set up, Set up for one that is not. */
function RowControl({
  row,
  label,
  editing,
  busy,
  onRename,
  onRemove,
  review,
}: {
  row: MfaRow;
  label: string;
  editing: boolean;
  busy: boolean;
  onRename: () => void;
  onRemove: () => void;
  review: boolean;
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
      <Group gap="xs" justify="flex-end" wrap="wrap">
        {!review && (
          <Button size="xs" variant="default" onClick={onRename} disabled={busy} aria-label={t('mfa.renameLabel', { name: label })}>
            {t('mfa.rename')}
          </Button>
        )}
        <Button size="xs" color="red.8" variant="outline" onClick={onRemove} disabled={busy} aria-label={t('mfa.removeLabel', { name: label })}>
          {t('mfa.remove')}
        </Button>
      </Group>
    );
  }
  return <SetupButton provider={action.provider} factorType={action.factorType} name={label} />;
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

/** What a removal asks about: a factor or a passkey, its name, and whether it is the last way in besides the password. */
type Confirming = { what: 'factor' | 'passkey'; id: string; name: string; last: boolean };

/**
 * Removing a method after the person confirmed it (spec: Remove resets a factor; a passkey is
 * removed through its own call): `confirming` is what they are asked about; `onRemoved` hears of
 * each removal the server confirmed.
 */
function useRemoval(onRemoved: ((name: string) => void) | undefined) {
  const t = useT();
  const queryClient = useQueryClient();
  const reset = useResetFactor();
  const deletePasskey = useDeletePasskey();
  const [confirming, setConfirming] = useState<Confirming>();
  const busy = reset.isPending || deletePasskey.isPending;

  const remove = () => {
    if (!confirming || busy) return;
    const { name } = confirming;
    const options = {
      onSuccess: async (result: unknown) => {
        setConfirming(undefined);
        if (isDone(result)) {
          toast.success(t('mfa.resetSuccess'));
          onRemoved?.(name);
        }
        // A passkey is in both lists.
        await Promise.all([getGetFactorsQueryKey(), getListPasskeysQueryKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      },
      onError: () => setConfirming(undefined),
    };
    if (confirming.what === 'passkey') deletePasskey.mutate({ passkeyId: confirming.id }, options);
    else reset.mutate({ factorId: confirming.id }, options);
  };
  return { confirming, setConfirming, remove, busy };
}

/** The table of methods, each row with its name, what tells it apart, and its control (see RowControl). */
const MethodsTable = memo(function MethodsTable({
  rows,
  review,
  editing,
  busy,
  onRename,
  onRemove,
}: {
  rows: MfaRow[];
  review: boolean;
  editing: boolean;
  busy: boolean;
  onRename: (row: MfaRow, label: string) => void;
  onRemove: (row: MfaRow, label: string) => void;
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
          const label = review ? textOf(row.name, t) : methodLabel(row, t);
          const phone = row.phone && maskPhone(row.phone);
          return (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Text component="span" display="block" style={{ overflowWrap: 'anywhere' }}>
                  {textOf(row.name, t)}
                </Text>
                {row.factor && (
                  <MethodDetails
                    nickname={row.factor.nickname}
                    nicknameLast={review}
                    created={row.factor.created}
                    lastChallenged={row.factor.lastChallenged}
                  >
                    {phone && (
                      <Text component="span" display="block" size="sm" c="dimmed">
                        {t('mfa.methodPhone', { phone })}
                      </Text>
                    )}
                  </MethodDetails>
                )}
              </Table.Td>
              <Table.Td ta="right">
                <RowControl
                  row={row}
                  label={label}
                  editing={editing}
                  busy={busy}
                  review={review}
                  onRename={() => onRename(row, label)}
                  onRemove={() => onRemove(row, label)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
});

/** The question asked before a method is removed, naming it, and saying so when it is the last way in besides the password. */
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
  const message = confirming ? t('mfa.removeConfirm', { name: confirming.name }) : '';
  return (
    <ConfirmDialog
      opened={confirming !== undefined}
      title={confirming ? t('mfa.removeConfirmTitle', { name: confirming.name }) : ''}
      message={confirming?.last ? `${t('mfa.removeLast')} ${message}` : message}
      confirmLabel={t('mfa.remove')}
      cancelLabel={t('profile.cancel')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/** Rename's state: which method, and what is typed, kept across a step-up's sign-in (never a secret). */
function useRenaming() {
  const [draft, saveDraft, clearDraft] = useDraft('nickname');
  const [renaming, setRenaming] = useState<Renaming | undefined>(() => {
    if (!draft) return undefined;
    try {
      return JSON.parse(draft).renaming as Renaming;
    } catch {
      return undefined;
    }
  });
  const typed = useMemo(() => {
    try {
      return draft ? (JSON.parse(draft).typed as string | undefined) : undefined;
    } catch {
      return undefined;
    }
  }, [draft]);
  return {
    renaming,
    typed,
    open: (target: Renaming) => {
      setRenaming(target);
      saveDraft(JSON.stringify({ renaming: target }));
    },
    type: (value: string) => renaming && saveDraft(JSON.stringify({ renaming, typed: value })),
    close: () => {
      setRenaming(undefined);
      clearDraft();
    },
  };
}

const NO_PASSKEYS: ReadonlyArray<Passkey> = [];

/** The methods set up and their removal, as the "This wasn't me" guide reviews them: every one, passkeys too, each with Remove at once. */
function ReviewMethods({ onRemoved }: { onRemoved?: (name: string) => void }) {
  const t = useT();
  const factors = useGetFactors();
  const removal = useRemoval(onRemoved);
  const all = useMemo(() => (factors.data ? mfaRows(factors.data.factors) : []), [factors.data]);
  const rows = useMemo(() => all.filter((row) => row.action.kind === 'remove'), [all]);
  const waysIn = rows.length;
  return (
    <>
      {factors.isPending && <PageLoader />}
      {factors.isError && <LoadError title={t('mfa.loadFailed')} onRetry={() => void factors.refetch()} />}
      {factors.isSuccess && rows.length === 0 && <Text>{t('overview.methods.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder p="xs" maw={720}>
          <MethodsTable
            rows={rows}
            review
            editing
            busy={removal.busy}
            onRename={() => undefined}
            onRemove={(row, name) =>
              row.action.kind === 'remove' && removal.setConfirming({ what: 'factor', id: row.action.factorId, name, last: waysIn <= 1 })
            }
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

/**
 * The sign-in methods with their removal (which asks first, naming the method). On the MFA
 * page: every known factor, view mode showing its state, edit mode Rename and Remove or Set
 * up; the passkeys, each with Rename and Remove, and Add a passkey; and, for a person with a
 * method on a phone, the guide to moving to a new one. In review (`review` on, the "This wasn't
 * me" guide): only the methods set up, passkeys among them, each with Remove at once.
 * `onRemoved` hears of each removal the server confirmed.
 */
export function MfaMethods({ review = false, onRemoved }: { review?: boolean; onRemoved?: (name: string) => void }) {
  return review ? <ReviewMethods onRemoved={onRemoved} /> : <PageMethods />;
}

function PageMethods() {
  const t = useT();
  const factors = useGetFactors();
  const passkeys = useListPasskeys();
  const removal = useRemoval(undefined);
  const rename = useRenaming();
  const [editingList, setEditing] = useState(false);
  // Edit and Done render the list again in the background (a transition): the click paints at
  // once with the button's new state, and the list (memoised, so that paint skips it) follows.
  const [switching, startEditing] = useTransition();
  const buttonEditing = switching ? !editingList : editingList;

  const all = useMemo(() => (factors.data ? mfaRows(factors.data.factors) : []), [factors.data]);
  const rows = useMemo(() => all.filter((row) => !row.passkey), [all]);
  // Every way in besides the password: the methods set up, passkeys among them.
  const waysIn = all.filter((row) => row.enabled).length;

  const removeRow = (row: MfaRow, name: string) =>
    row.action.kind === 'remove' && removal.setConfirming({ what: 'factor', id: row.action.factorId, name, last: waysIn <= 1 });
  const renameRow = (row: MfaRow, label: string) => {
    if (row.action.kind !== 'remove') return;
    const ending = phoneEnding(row.phone);
    const start = displayText(row.factor?.nickname) || (ending ? t('mfa.phoneEnding', { digits: ending }) : '');
    rename.open({ id: row.action.factorId, name: label, start });
  };

  return (
    <>
      {factors.isPending && <PageLoader />}
      {factors.isError && <LoadError title={t('mfa.loadFailed')} onRetry={() => void factors.refetch()} />}
      {factors.isSuccess && rows.length === 0 && <Text>{t('mfa.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder p="xs" maw={720}>
          <Group justify="flex-end" mb="xs">
            <Button
              variant={buttonEditing ? 'filled' : 'default'}
              onClick={() => startEditing(() => setEditing((on) => !on))}
              aria-pressed={buttonEditing}
            >
              {buttonEditing ? t('mfa.done') : t('mfa.edit')}
            </Button>
          </Group>
          <MethodsTable rows={rows} review={false} editing={editingList} busy={removal.busy} onRename={renameRow} onRemove={removeRow} />
        </Paper>
      )}
      {passkeys.isError && <LoadError title={t('mfa.passkeys.loadFailed')} onRetry={() => void passkeys.refetch()} />}
      {factors.isSuccess && passkeys.isSuccess && (
        <Passkeys
          passkeys={passkeys.data?.passkeys ?? NO_PASSKEYS}
          busy={removal.busy}
          onRename={(passkey, name) => rename.open({ id: passkey.id, name, start: displayText(passkey.nickname) || displayText(passkey.name) })}
          onRemove={(passkey, name) => removal.setConfirming({ what: 'passkey', id: passkey.id, name, last: waysIn <= 1 })}
        />
      )}
      {factors.isSuccess && <NewPhoneGuide rows={all} busy={removal.busy} onRemove={removeRow} />}
      <RemoveConfirm
        confirming={removal.confirming}
        busy={removal.busy}
        onConfirm={removal.remove}
        onCancel={() => removal.setConfirming(undefined)}
      />
      <NicknameDialog renaming={rename.renaming} typed={rename.typed} onTyped={rename.type} onClose={rename.close} />
    </>
  );
}
