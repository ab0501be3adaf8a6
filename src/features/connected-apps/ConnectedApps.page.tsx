import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useRevokeConnectedApp } from '../../../generated/api/connected-app-access/connected-app-access';
import { useGetConnectedApps } from '../../../generated/api/connected-apps/connected-apps';
import type { ConnectedApp } from '../../../generated/model';
import type { Language } from '../../messages/language';
import { useLanguage, useT } from '../../messages/t';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { toast } from '../../shared/ui/toast';
import { scopeWords } from './scopeWords';

const dayFormats = new Map<Language, Intl.DateTimeFormat>();
/** A day as the portal's language writes one (22 November 2026, 2026年11月22日); nothing for a time that is not one. */
function formatDay(iso: string | undefined, language: Language): string | undefined {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  let format = dayFormats.get(language);
  if (!format)
    dayFormats.set(
      language,
      (format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { year: 'numeric', month: 'long', day: 'numeric' })),
    );
  return format.format(date);
}

/** The app chosen for removal: its id and name as the backend's list has them. */
type Choice = Pick<ConnectedApp, 'clientId' | 'name'>;

/** One app: its name, what it may do in words, when access was given and last used, and Remove access. */
function AppEntry({ app, index, busy, onRemove }: { app: ConnectedApp; index: number; busy: boolean; onRemove: (choice: Choice) => void }) {
  const t = useT();
  const language = useLanguage();
  const { texts, unknown } = scopeWords(app.scopes);
  const granted = formatDay(app.grantedAt, language);
  const lastUsed = formatDay(app.lastUsedAt, language);
  const id = `connected-app-${index}`;
  return (
    <Paper component="li" withBorder p="md" aria-labelledby={id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="xs">
        <Title order={2} size="h4" id={id} style={{ overflowWrap: 'anywhere' }}>
          {app.name}
        </Title>
        <Button
          size="xs"
          color="red.8"
          variant="outline"
          style={{ flexShrink: 0 }}
          disabled={busy}
          aria-label={t('apps.removeLabel', { app: app.name })}
          onClick={() => onRemove({ clientId: app.clientId, name: app.name })}
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

/** Removing an app's access after the person confirmed it, naming the app from the backend's list; the list is read again after. */
function useRemoval(refetch: () => Promise<unknown>, afterRemoval: () => void) {
  const t = useT();
  const revoke = useRevokeConnectedApp();
  const [confirming, setConfirming] = useState<Choice>();
  const remove = () => {
    if (!confirming || revoke.isPending) return;
    const { clientId, name } = confirming;
    revoke.mutate(
      { clientId },
      {
        onSuccess: async (result) => {
          setConfirming(undefined);
          if (result.status) toast.success(t('apps.removed', { app: name }));
          await refetch();
          afterRemoval();
        },
        // Refused (the app was already gone, say): the list shows what the backend holds now.
        onError: () => (setConfirming(undefined), void refetch()),
      },
    );
  };
  return { confirming, setConfirming, remove, busy: revoke.isPending };
}

/**
 * /profile/connected-apps: every app that holds access to the account, what it may do in words,
 * when access was given and last used, and Remove access, which asks first. The app to remove is
 * the one chosen in the backend's list, named as that list names it: nothing of the address is
 * read, so a crafted link can neither choose an app nor put words in the question.
 */
export function ConnectedAppsPage() {
  const t = useT();
  const apps = useGetConnectedApps();
  const list = useRef<HTMLDivElement>(null);
  // The removed app's button is gone: the focus goes to the list, which says what is left.
  const removal = useRemoval(apps.refetch, () => list.current?.focus());
  const entries = apps.data?.apps;

  return (
    <>
      <PageTitle>{t('page.apps')}</PageTitle>
      <Text mb="md" maw={720}>
        {t('apps.intro')}
      </Text>
      {apps.isPending && <PageLoader />}
      {apps.isError && !entries && <LoadError title={t('apps.loadFailed')} onRetry={() => void apps.refetch()} />}
      <div ref={list} tabIndex={-1} style={{ outline: 'none' }}>
        {entries?.length === 0 && <Text>{t('apps.none')}</Text>}
        {entries && entries.length > 0 && (
          <Stack component="ul" gap="md" p={0} m={0} maw={720} style={{ listStyle: 'none' }}>
            {entries.map((app, index) => (
              <AppEntry key={app.clientId} app={app} index={index} busy={removal.busy} onRemove={removal.setConfirming} />
            ))}
          </Stack>
        )}
      </div>
      <ConfirmDialog
        opened={removal.confirming !== undefined}
        title={removal.confirming ? t('apps.removeConfirmTitle', { app: removal.confirming.name }) : ''}
        message={removal.confirming ? t('apps.removeConfirm', { app: removal.confirming.name }) : ''}
        confirmLabel={t('apps.remove')}
        cancelLabel={t('profile.cancel')}
        busy={removal.busy}
        onConfirm={removal.remove}
        onCancel={() => removal.setConfirming(undefined)}
      />
    </>
  );
}
