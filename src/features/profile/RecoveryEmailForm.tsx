import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { t } from '../../messages/t';
import { RECOVERY_EMAIL_EDIT_ID } from './securityOverview';

export interface RecoveryEmailFormProps {
  value: string;
  onChange(value: string): void;
  onSubmit(): void;
  onCancel(): void;
  saving: boolean;
  focusOnMount: boolean;
}

/** The recovery email in edit mode: the field, Save and Cancel. */
export default function RecoveryEmailForm({ value, onChange, onSubmit, onCancel, saving, focusOnMount }: RecoveryEmailFormProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={input}
          id={RECOVERY_EMAIL_EDIT_ID}
          label={t('profile.secondaryEmail')}
          type="email"
          autoComplete="email"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
          disabled={saving}
        />
        <Group gap="xs">
          <Button type="submit" loading={saving}>
            {t('profile.save')}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t('profile.cancel')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
