import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useRevokeConnectedApp } from '../../../generated/api/connected-app-access/connected-app-access';
import { useGetConnectedApps } from '../../../generated/api/connected-apps/connected-apps';
import type { ConnectedApp } from '../../../generated/model';
import { useLanguage, useT } from '../../messages/pageTexts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { useConfirmedChange } from '../../shared/ui/useConfirmedChange';
import { formatDay, readableDate } from '../../shared/text/day';
import { displayText } from '../../shared/text/displayText';
import { scopeWords } from './scopeWords';

/** The app chosen for removal: its id, and its name as the backend's list has it, made fit to show. */
type Choice = Pick<ConnectedApp, 'clientId' | 'name'>;

const headingId = (index: number) => `connected-app-${index}`;

/** One app: its name, what it may do in words, when access was given and last used, and Remove access. */
function AppEntry({ app, index, busy, onRemove }: { app: ConnectedApp; index: number; busy: boolean; onRemove: (choice: Choice) => void }) {
  const t = useT();
  const language = useLanguage();
  const { texts, unknown } = scopeWords(app.scopes);
  const day = (iso: string | undefined) => {
    const date = readableDate(iso);
    return date && formatDay(date, language);
  };
  const granted = day(app.grantedAt);
  const lastUsed = day(app.lastUsedAt);
  // The name as the backend's list gives it, made fit to show (no invisible or direction characters).
  const name = displayText(app.name) || displayText(app.clientId);
  const id = headingId(index);
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
        <Title order={2} size="h4" id={id} tabIndex={-1} style={{ overflowWrap: 'anywhere', outline: 'none' }}>
          {name}
        </Title>
        <Button
          size="xs"
          color="red.8"
          variant="outline"
          style={{ flexShrink: 0 }}
          disabled={busy}
          aria-label={t('apps.removeLabel', { app: name })}
          onClick={() => onRemove({ clientId: app.clientId, name })}
        >
          {t('apps.remove')}
        </Button>
      </Group>
      {(texts.length > 0 || unknown > 0) && (
        <>
          <Text size="sm" fw={600} id={`${id}-may`}>
            {t('apps.mayDo')}
          </Text>
          <Text component="ul" size="sm" mt={4} mb="xs" pl="lg" aria-labelledby={`${id}-may`}>
            {texts.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
            {unknown > 0 && <li>{t('apps.scope.unknown', { count: unknown })}</li>}
          </Text>
        </>
      )}
      <Text size="sm" c="dimmed">
        {[granted && t('apps.granted', { date: granted }), lastUsed && t('apps.lastUsed', { date: lastUsed })].filter(Boolean).join(' · ')}
      </Text>
    </Paper>
  );
}

/**
 * /profile/connected-apps: every app that holds access to the account, what it may do in words,
 * when access was given and last used, and Remove access, which asks first. The app to remove is
 * the one chosen in the backend's list, named as that list names it: nothing of the address is
 * read, so a crafted link can neither choose an app nor put words in the question. The list is
 * read again after every answer; once an app is gone, the focus goes to the next app's heading
 * (or the sentence that none is left), not to the page's start.
 */
export function ConnectedAppsPage() {
  const t = useT();
  const apps = useGetConnectedApps();
  const revoke = useRevokeConnectedApp();
  const entries = apps.data?.apps;
  const none = useRef<HTMLParagraphElement>(null);
  // Where the removed app was in the list, until the list without it has rendered.
  const focusAt = useRef<number>(undefined);
  const removal = useConfirmedChange<Choice>({
    change: ({ clientId }) => revoke.mutateAsync({ clientId }),
    done: ({ clientId, name }) => {
      toast.success(t('apps.removed', { app: name }));
      focusAt.current = entries?.findIndex((app) => app.clientId === clientId);
    },
    refused: ({ name }) => t('apps.removeFailed', { app: name }),
    settled: apps.refetch,
  });
  useEffect(() => {
    const at = focusAt.current;
    if (at === undefined || !entries) return;
    focusAt.current = undefined;
    const next = entries.length === 0 ? none.current : document.getElementById(headingId(Math.min(at, entries.length - 1)));
    next?.focus();
  }, [entries]);

  return (
    <>
      <PageTitle>{t('page.apps')}</PageTitle>
      <Text mb="md" maw={720}>
        {t('apps.intro')}
      </Text>
      {apps.isPending && <PageLoader />}
      {apps.isError && !entries && <LoadError title={t('apps.loadFailed')} onRetry={() => void apps.refetch()} />}
      {entries?.length === 0 && (
        <Text ref={none} tabIndex={-1} style={{ outline: 'none' }}>
          {t('apps.none')}
        </Text>
      )}
      {entries && entries.length > 0 && (
        <Stack component="ul" gap="md" p={0} m={0} maw={720} style={{ listStyle: 'none' }}>
          {entries.map((app, index) => (
            <AppEntry key={app.clientId} app={app} index={index} busy={removal.busy} onRemove={removal.ask} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removal.asking !== undefined}
        title={removal.asking ? t('apps.removeConfirmTitle', { app: removal.asking.name }) : ''}
        message={removal.asking ? t('apps.removeConfirm', { app: removal.asking.name }) : ''}
        confirmLabel={t('apps.remove')}
        cancelLabel={t('profile.cancel')}
        busy={removal.busy}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
    </>
  );
}
