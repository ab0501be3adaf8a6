import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useT } from '../../../messages/pageTexts';
import { checkPassCode } from './passCode';

/** Worded when shown, so it follows a language switch while on screen. */
function FieldRequired() {
  return useT()('mfa.fieldRequired');
}

/**
 * The code box and Verify button every wizard ends with. The code is the form's: the wizard's
 * machine gets it, trimmed, with the verify event, and nothing else keeps it.
 */
export function CodeForm({
  label,
  help,
  required = false,
  verifying,
  onVerify,
}: {
  label?: string;
  help?: ReactNode;
  /** SMS and voice call: a blank code is refused before the server is asked. */
  required?: boolean;
  verifying: boolean;
  onVerify: (passCode: string) => void;
}) {
  const t = useT();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (code) => ('error' in checkPassCode(code, { required }) ? <FieldRequired /> : null) },
  });
  const submit = form.onSubmit(({ code }) => {
    const checked = checkPassCode(code, { required });
    if ('passCode' in checked) onVerify(checked.passCode);
  });
  return (
    <form onSubmit={submit} noValidate>
      {help}
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label={label ?? t('mfa.wizard.enterCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...form.getInputProps('code')}
          style={{ flex: '1 1 12rem' }}
        />
        <Button type="submit" loading={verifying}>
          {t('mfa.wizard.verify')}
        </Button>
      </Group>
    </form>
  );
}
