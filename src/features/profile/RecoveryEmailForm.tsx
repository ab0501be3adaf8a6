import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef } from 'react';
import type { UpdateRecoveryEmailRequest } from '../../../generated/model';
import { useT } from '../../messages/t';
import { RECOVERY_EMAIL_EDIT_ID } from '../../shared/navigation/pageAnchors';

interface RecoveryEmailFormProps {
  initial: string;
  /** Each change, so a draft can outlive a sign-in round trip. */
  onChange(value: string): void;
  onSubmit(values: UpdateRecoveryEmailRequest): void;
  onCancel(): void;
  saving: boolean;
  focusOnMount: boolean;
}

/** The recovery email in edit mode: the field, Save and Cancel. Loaded on first use (see RecoveryEmail). */
export default function RecoveryEmailForm({ initial, onChange, onSubmit, onCancel, saving, focusOnMount }: RecoveryEmailFormProps) {
  const t = useT();
  const form = useForm<UpdateRecoveryEmailRequest>({
    mode: 'controlled',
    initialValues: { secondaryEmail: initial },
    onValuesChange: (values) => onChange(values.secondaryEmail),
  });
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnMount) input.current?.focus();
  }, [focusOnMount]);

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          ref={input}
          id={RECOVERY_EMAIL_EDIT_ID}
          label={t('profile.secondaryEmail')}
          type="email"
          autoComplete="email"
          {...form.getInputProps('secondaryEmail')}
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
