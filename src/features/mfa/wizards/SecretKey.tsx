import { Anchor, Button, Code, CopyButton, Group, Text } from '@mantine/core';
import { useT } from '../../../messages/pageTexts';

/**
 * The secret-key view for users who cannot scan: the key, a one-click copy, and the way back.
 * An enrollment without a key to type (Okta Verify push) says what to do instead.
 */
export function SecretKey({ secret, onScanInstead }: { secret: string | undefined; onScanInstead: () => void }) {
  const t = useT();
  if (!secret) {
    return (
      <>
        <Text>{t('mfa.app.noSecret')}</Text>
        <Anchor component="button" type="button" onClick={onScanInstead}>
          {t('mfa.app.scanInstead')}
        </Anchor>
      </>
    );
  }
  return (
    <>
      <Text>{t('mfa.app.manualHelp')}</Text>
      <Group>
        <Text fw={600}>{t('mfa.app.secretKey')}</Text>
        <Code fz="lg" data-testid="secret-key" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} aria-live="polite">
              {copied ? t('mfa.app.copied') : t('mfa.app.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Anchor component="button" type="button" onClick={onScanInstead}>
        {t('mfa.app.scanInstead')}
      </Anchor>
    </>
  );
}
