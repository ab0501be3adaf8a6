import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, useTransition } from 'react';
import { useGetFactors, useResetFactor } from '../../../generated/api/factors/factors';
import { useDeletePasskey } from '../../../generated/api/passkey-changes/passkey-changes';
import { useListPasskeys } from '../../../generated/api/passkeys/passkeys';
import type { Factor, Passkey } from '../../../generated/model';
import { textOf, useT } from '../../messages/pageTexts';
import { useDraft } from '../../shared/storage/draft';
import { cleanText } from '../../shared/text/displayText';
import { afterNextPaint } from '../../shared/ui/afterPaint';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { toast } from '../../shared/ui/toast';
import { useConfirmedChange } from '../../shared/ui/useConfirmedChange';
import { maskPhone } from './mask';
import { MethodDetails, methodLabel, passkeyName } from './MethodDetails';
import { refreshMfaMethods } from './mfaQueries';
import { mfaRows, type MfaRow } from './mfaRows';
import { NewPhoneGuide } from './NewPhoneGuide';
import { NicknameDialog, type Renaming } from './NicknameDialog';
import { phoneEnding, renameDraftOf } from './nickname';
import { Passkeys, PASSKEYS_HEADING_ID } from './Passkeys';

/** A row's status in view mode; in edit mode, Rename (where offered) and Remove for a method set up, Set up for one that is not. */
function RowControl({
  row,
  label,
  editing,
  busy,
  onRename,
  onRemove,
}: {
  row: MfaRow;
  label: string;
  editing: boolean;
  busy: boolean;
  onRename: (() => void) | undefined;
  onRemove: () => void;
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
        {onRename && (
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

/** The removal a row stands for, named as its controls name it (a passkey through its own call). */
const removalOf = (row: MfaRow, name: string, last: boolean): Confirming | undefined =>
  row.action.kind === 'remove' ? { what: row.passkey ? 'passkey' : 'factor', id: row.action.factorId, name, last } : undefined;

/**
 * Removing a method after the person confirmed it (spec: Remove resets a factor; a passkey is
 * removed through its own call, on the MFA page and in the guide's review alike): `onRemoved`
 * hears of each removal the server confirmed; both lists are read again after every answer.
 */
function useRemoval(onRemoved: ((removed: Confirming) => void) | undefined) {
  const t = useT();
  const queryClient = useQueryClient();
  const reset = useResetFactor();
  const deletePasskey = useDeletePasskey();
  return useConfirmedChange<Confirming>({
    change: ({ what, id }) => (what === 'passkey' ? deletePasskey.mutateAsync({ passkeyId: id }) : reset.mutateAsync({ factorId: id })),
    done: (removed) => {
      toast.success(t('mfa.resetSuccess'));
      onRemoved?.(removed);
    },
    refused: ({ name }) => t('mfa.removeFailed', { name }),
    settled: () => refreshMfaMethods(queryClient),
  });
}

/** Whether `row` is the method set up with the id `id` (a factor's, or a passkey's: the same). */
const isSetUp = (row: MfaRow, id: string) => row.action.kind === 'remove' && row.action.factorId === id;

/**
 * Where the focus goes once the lists read again after a removal have left the method out: its
 * button left the page, and the focus with it. A row of the table `tableId`: the first control of
 * the row now in its place (Set up, where it was the last of its kind), else of the last row; a
 * passkey of the Passkeys section: its heading. Answers what `useRemoval` calls on each removal.
 */
function useFocusAfterRemoval(tableId: string, rows: readonly MfaRow[], passkeys: ReadonlyArray<Passkey>) {
  const removed = useRef<{ id: string; at: number }>(undefined);
  useEffect(() => {
    if (!removed.current) return;
    const { id, at } = removed.current;
    // A passkey is in both lists, which come back one after the other: until both have left it
    // out, its row (and the button to focus beside it) is still there.
    if (rows.some((row) => isSetUp(row, id)) || passkeys.some((passkey) => passkey.id === id)) return;
    removed.current = undefined;
    const shown = document.getElementById(tableId)?.querySelectorAll('tbody tr') ?? [];
    const row = at < 0 ? undefined : shown[Math.min(at, shown.length - 1)];
    (row?.querySelector('button') ?? document.getElementById(PASSKEYS_HEADING_ID))?.focus();
  }, [tableId, rows, passkeys]);
  return useCallback(({ id }: Confirming) => (removed.current = { id, at: rows.findIndex((row) => isSetUp(row, id)) }), [rows]);
}

/**
 * The table of methods, each row with its name, what tells it apart, and its control (see
 * RowControl). In review, a passkey's row is named as the MFA page names it.
 */
const MethodsTable = memo(function MethodsTable({
  id,
  rows,
  passkeys,
  review,
  editing,
  busy,
  onRename,
  onRemove,
}: {
  id: string;
  rows: MfaRow[];
  passkeys: ReadonlyArray<Passkey>;
  review: boolean;
  editing: boolean;
  busy: boolean;
  onRename?: (row: MfaRow) => void;
  onRemove: (row: MfaRow, label: string) => void;
}) {
  const t = useT();
  return (
    <Table id={id} verticalSpacing="sm">
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
          const label = methodLabel(row, t, passkeys);
          const phone = row.phone && maskPhone(row.phone);
          return (
            <Table.Tr key={row.key}>
              <Table.Td>
                <Text component="span" display="block" style={{ overflowWrap: 'anywhere' }}>
                  {row.passkey ? label : textOf(row.name, t)}
                </Text>
                {row.factor && (
                  <MethodDetails
                    nickname={row.passkey ? undefined : row.factor.nickname}
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
                  onRename={onRename && (() => onRename(row))}
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
function RemoveConfirm({ removal }: { removal: ReturnType<typeof useRemoval> }) {
  const t = useT();
  const { asking } = removal;
  return (
    <ConfirmDialog
      opened={asking !== undefined}
      title={asking ? t('mfa.removeConfirmTitle', { name: asking.name }) : ''}
      message={asking ? t(asking.last ? 'mfa.removeLast' : 'mfa.removeConfirm', { name: asking.name }) : ''}
      confirmLabel={t('mfa.remove')}
      cancelLabel={t('profile.cancel')}
      busy={removal.busy}
      onConfirm={removal.confirm}
      onCancel={removal.cancel}
    />
  );
}

/**
 * Rename's state, kept across the sign-in a step-up asks for: only which method (its id) and what
 * is typed (never a secret). The name and the pre-fill come from the lists on the page, never from
 * storage: a draft naming no method listed now is dropped, and only the page a sign-in went back
 * to takes a draft up again (any other visit drops it).
 */
function useRenaming(targetOf: (id: string) => Renaming | undefined, loaded: boolean) {
  const [draft, saveDraft, clearDraft] = useDraft('nickname');
  const afterSignIn = useRouterState({ select: (state) => state.location.state.afterSignIn === true });
  const saved = renameDraftOf(draft);
  const [id, setId] = useState(() => (afterSignIn ? saved?.id : undefined));
  const renaming = id === undefined ? undefined : targetOf(id);
  const found = renaming !== undefined;
  const close = useCallback(() => {
    setId(undefined);
    clearDraft();
  }, [clearDraft]);
  useEffect(() => {
    if (draft !== undefined && (id === undefined || (loaded && !found))) close();
  }, [draft, id, loaded, found, close]);
  const open = useCallback(
    (target: string) => {
      setId(target);
      saveDraft(JSON.stringify({ id: target }));
    },
    [saveDraft],
  );
  return {
    renaming,
    typed: saved?.id === id ? saved?.typed : undefined,
    open,
    type: (typed: string) => id !== undefined && saveDraft(JSON.stringify({ id, typed })),
    close,
  };
}

const NO_PASSKEYS: ReadonlyArray<Passkey> = [];

/** The methods set up and their removal, as the "This wasn't me" guide reviews them: every one, passkeys too, each with Remove at once. */
function ReviewMethods({ onRemoved }: { onRemoved?: (name: string) => void }) {
  const t = useT();
  const factors = useGetFactors();
  const passkeys = useListPasskeys();
  const all = useMemo(() => (factors.data ? mfaRows(factors.data.factors) : []), [factors.data]);
  const rows = useMemo(() => all.filter((row) => row.action.kind === 'remove'), [all]);
  const tableId = useId();
  const focusAfter = useFocusAfterRemoval(tableId, rows, passkeys.data?.passkeys ?? NO_PASSKEYS);
  const removal = useRemoval((removed) => {
    focusAfter(removed);
    onRemoved?.(removed.name);
  });
  const waysIn = rows.length;
  return (
    <>
      {factors.isPending && <PageLoader />}
      {factors.isError && <LoadError title={t('mfa.loadFailed')} onRetry={() => void factors.refetch()} />}
      {factors.isSuccess && rows.length === 0 && <Text>{t('overview.methods.none')}</Text>}
      {rows.length > 0 && (
        <Paper withBorder p="xs" maw={720}>
          <MethodsTable
            id={tableId}
            rows={rows}
            passkeys={passkeys.data?.passkeys ?? NO_PASSKEYS}
            review
            editing
            busy={removal.busy}
            onRemove={(row, name) => removal.ask(removalOf(row, name, waysIn <= 1))}
          />
        </Paper>
      )}
      <RemoveConfirm removal={removal} />
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
  const passkeyList = passkeys.data?.passkeys ?? NO_PASSKEYS;
  const [editingList, setEditing] = useState(false);
  // Edit and Done render the list again in the background (a transition): the click paints at
  // once with the button's new state, and the list (memoised, so that paint skips it) follows.
  const [switching, startEditing] = useTransition();
  const buttonEditing = switching ? !editingList : editingList;

  const all = useMemo(() => (factors.data ? mfaRows(factors.data.factors) : []), [factors.data]);
  const rows = useMemo(() => all.filter((row) => !row.passkey), [all]);
  const tableId = useId();
  const removal = useRemoval(useFocusAfterRemoval(tableId, rows, passkeyList));
  // Every way in besides the password: the methods set up, passkeys among them.
  const waysIn = all.filter((row) => row.enabled).length;

  /** The method `id` as the page lists it now: its name and what the Nickname field starts with. */
  const renamingOf = (id: string): Renaming | undefined => {
    const row = rows.find((each) => isSetUp(each, id));
    if (row) {
      const ending = phoneEnding(row.phone);
      // The whole nickname, not its shortened display: Save with nothing changed keeps it.
      const start = cleanText(row.factor?.nickname) || (ending ? t('mfa.phoneEnding', { digits: ending }) : '');
      return { id, name: methodLabel(row, t), start };
    }
    const passkey = passkeyList.find((each) => each.id === id);
    return passkey && { id, name: passkeyName(passkey), start: cleanText(passkey.nickname) || cleanText(passkey.name) };
  };
  const rename = useRenaming(renamingOf, !factors.isPending && !passkeys.isPending);
  // The same functions at every render while nothing they use changes: the table (memoised) is
  // then skipped by the paint that answers Edit and Done, and by every render its rows do not see.
  const { ask } = removal;
  const { open } = rename;
  const removeRow = useCallback((row: MfaRow, name: string) => ask(removalOf(row, name, waysIn <= 1)), [ask, waysIn]);
  const renameRow = useCallback((row: MfaRow) => row.action.kind === 'remove' && open(row.action.factorId), [open]);

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
          <MethodsTable
            id={tableId}
            rows={rows}
            passkeys={passkeyList}
            review={false}
            editing={editingList}
            busy={removal.busy}
            onRename={renameRow}
            onRemove={removeRow}
          />
        </Paper>
      )}
      {passkeys.isError && <LoadError title={t('mfa.passkeys.loadFailed')} onRetry={() => void passkeys.refetch()} />}
      {factors.isSuccess && passkeys.isSuccess && (
        <Passkeys
          passkeys={passkeyList}
          busy={removal.busy}
          onRename={(passkey) => rename.open(passkey.id)}
          onRemove={(passkey, name) => removal.ask({ what: 'passkey', id: passkey.id, name, last: waysIn <= 1 })}
        />
      )}
      {factors.isSuccess && <NewPhoneGuide rows={all} busy={removal.busy} onRemove={removeRow} />}
      <RemoveConfirm removal={removal} />
      <NicknameDialog renaming={rename.renaming} typed={rename.typed} onTyped={rename.type} onClose={rename.close} />
    </>
  );
}
