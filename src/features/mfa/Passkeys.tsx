import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { Passkey } from '../../../generated/model';
import { useT } from '../../messages/pageTexts';
import { displayText } from '../../shared/text/displayText';
import { MethodDetails, passkeyName } from './MethodDetails';

// The benchmark finds the section by it (section[aria-labelledby="passkeys"]); the focus goes to
// the heading after a passkey is removed (MfaMethods.tsx).
export const PASSKEYS_HEADING_ID = 'passkeys';

/**
 * The Passkeys section: every WebAuthn credential once, by its name, with where it lives
 * (synced, or on one device, from the backup flags the backend kept at registration), when it
 * was added and last used, Rename and Remove; and Add a passkey, which opens its wizard.
 */
export function Passkeys({
  passkeys,
  busy,
  onRename,
  onRemove,
}: {
  passkeys: ReadonlyArray<Passkey>;
  busy: boolean;
  onRename: (passkey: Passkey) => void;
  onRemove: (passkey: Passkey, name: string) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Paper withBorder p="md" maw={720} mt="md" component="section" aria-labelledby={PASSKEYS_HEADING_ID}>
      <Title order={2} size="h4" id={PASSKEYS_HEADING_ID} tabIndex={-1} style={{ outline: 'none' }}>
        {t('mfa.passkeys.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('mfa.passkeys.intro')}
      </Text>
      {passkeys.length === 0 && <Text mb="sm">{t('mfa.passkeys.none')}</Text>}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {passkeys.map((passkey) => {
          const name = passkeyName(passkey);
          const nicknamed = Boolean(displayText(passkey.nickname));
          return (
            <Group key={passkey.id} component="li" justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text component="span" display="block" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Text>
                <MethodDetails nickname={undefined} created={passkey.created} lastChallenged={passkey.lastChallenged}>
                  {nicknamed && (
                    <Text component="span" display="block" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('mfa.passkeys.model', { model: displayText(passkey.name) })}
                    </Text>
                  )}
                  <Badge variant="outline" color={passkey.backedUp ? 'var(--portal-status-on)' : 'var(--portal-status-off)'} tt="none" my={4}>
                    {passkey.backedUp ? t('mfa.passkeys.synced') : t('mfa.passkeys.oneDevice')}
                  </Badge>
                </MethodDetails>
              </div>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => onRename(passkey)} disabled={busy} aria-label={t('mfa.renameLabel', { name })}>
                  {t('mfa.rename')}
                </Button>
                <Button
                  size="xs"
                  color="red.8"
                  variant="outline"
                  onClick={() => onRemove(passkey, name)}
                  disabled={busy}
                  aria-label={t('mfa.removeLabel', { name })}
                >
                  {t('mfa.remove')}
                </Button>
              </Group>
            </Group>
          );
        })}
      </Stack>
      <Button
        mt="md"
        onClick={() => void navigate({ to: '/profile/mfa/enroll/$provider/$factorType', params: { provider: 'FIDO', factorType: 'webauthn' } })}
      >
        {t('mfa.passkeys.add')}
      </Button>
    </Paper>
  );
}
