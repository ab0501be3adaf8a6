import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../../messages/pageTexts';
import type { WizardNav } from './useWizard';

/**
 * One wizard step: where the wizard is, the step's heading, its content, then Back (where the
 * wizard offers it), the step's own buttons and Cancel. The heading takes focus when the step
 * appears, so keyboard and screen-reader users land on the new step and hear where they are.
 */
export function WizardStep({
  wizard,
  title,
  actions,
  cancelDisabled = false,
  children,
}: {
  wizard: WizardNav;
  title: string;
  actions?: ReactNode;
  cancelDisabled?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [wizard.step]);
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {t('mfa.wizard.step', { n: wizard.step, total: wizard.total })}
        </Text>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
      </div>
      {children}
      <Group>
        {wizard.back && (
          <Button variant="default" onClick={wizard.back}>
            {t('mfa.wizard.back')}
          </Button>
        )}
        {actions}
        <Button variant="subtle" onClick={wizard.cancel} disabled={cancelDisabled}>
          {t('mfa.wizard.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
