import { Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { t } from '../../../messages/t';

/**
 * One wizard step. Its heading takes focus when the step appears, so keyboard and
 * screen-reader users land on the new step and hear where they are.
 */
export function WizardStep({ title, step, total, children }: { title: string; step: number; total: number; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [step]);
  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {t('mfa.wizard.step', { n: step, total })}
        </Text>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {title}
        </Title>
      </div>
      {children}
    </Stack>
  );
}
