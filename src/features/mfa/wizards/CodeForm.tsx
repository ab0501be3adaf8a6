import { Button, Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '../../../messages/t';

/** The code box and Verify button every wizard ends with. */
export function CodeForm({
  label = t('mfa.wizard.enterCode'),
  value,
  onChange,
  onSubmit,
  verifying,
  error,
  help,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: React.FormEvent) => void;
  verifying: boolean;
  error?: string;
  help?: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {help}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" loading={verifying}>
          {t('mfa.wizard.verify')}
        </Button>
      </Group>
    </form>
  );
}
