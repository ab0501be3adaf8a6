import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useEffect, useMemo, useState } from 'react';
import { useLanguage, useT } from '../../../messages/pageTexts';
import { messageOf } from '../../../shared/api/queryClient';
import { useDraft } from '../../../shared/storage/draft';
import { afterPaintWhenIdle } from '../../../shared/ui/afterPaint';
import { checkPhone, countryChoices, countryName, DEFAULT_COUNTRY, dialCodeOf, isKnownCountry, type PhoneCheck } from '../countries';
import type { FactorKindOf } from '../factorKinds';
import { maskPhone } from '../mask';
import { CodeForm } from './CodeForm';
import { factorApi } from './factorApi';
import { phoneWizardMachine, readPhoneDraft, sendButton, type PhoneTarget, type Sent } from './phoneWizard.machine';
import { useWizard } from './useWizard';
import { WizardStep } from './WizardStep';

/** Why a number is refused, worded when shown, so it follows a language switch. */
function PhoneProblem({ problem, country }: { problem: Extract<PhoneCheck, { error: unknown }>['error']; country: string }) {
  const t = useT();
  const language = useLanguage();
  if (problem === 'required') return t('mfa.fieldRequired');
  if (problem === 'landline') return t('mfa.phone.landline');
  return t('mfa.phone.invalid', { country: countryName(country, language) });
}

/** Send the code, the same while it is on its way, Send again once the wait is over, or Sent meanwhile. */
function SendButton({ button, kind }: { button: ReturnType<typeof sendButton>; kind: FactorKindOf<'phone'> }) {
  const t = useT();
  if (button === 'send' || button === 'sending') {
    return (
      <Button type="submit" loading={button === 'sending'}>
        {t(kind.texts.send)}
      </Button>
    );
  }
  if (button === 'resend') {
    return (
      <Button type="submit" variant="default">
        {t(kind.texts.resend)}
      </Button>
    );
  }
  // Still the form's submit button, disabled: Enter in the number field sends nothing meanwhile.
  return (
    <Button type="submit" disabled>
      {t(kind.texts.sent)}
    </Button>
  );
}

/** Where the code went (the number masked, the extension if any), said again with each send. */
function SentTo({ sent, kind }: { sent: Sent; kind: FactorKindOf<'phone'> }) {
  const t = useT();
  const masked = maskPhone(sent.phoneNumber) ?? sent.phoneNumber;
  const extension = kind.extension ? sent.to.extension.trim() : '';
  const phone = extension ? t('mfa.phone.withExtension', { phone: masked, extension }) : masked;
  return (
    <Text role="status" mt="sm">
      {t(kind.texts.sentTo, { phone })}
    </Text>
  );
}

/** Country, number and (for voice calls) extension. */
function PhoneFields({ form, kind, dialCode }: { form: UseFormReturnType<PhoneTarget>; kind: FactorKindOf<'phone'>; dialCode: string | undefined }) {
  const t = useT();
  const countries = countryChoices(useLanguage());
  return (
    <Group align="flex-start" wrap="wrap" mb="md">
      <NativeSelect
        label={t('mfa.phone.country')}
        data={countries}
        {...form.getInputProps('country')}
        onChange={(event) => {
          form.setFieldValue('country', event.currentTarget.value);
          // Whether a number can exist depends on the country: its verdict is stale now.
          form.clearFieldError('phone');
        }}
        style={{ flex: '1 1 16rem' }}
      />
      {/* A text field with the phone keypad: HTML allows the national number's autofill name
          (tel-national) on text fields, not on type="tel". */}
      <TextInput
        label={t('mfa.phone.number')}
        type="text"
        inputMode="tel"
        autoComplete="tel-national"
        leftSection={<Text size="sm">+{dialCode}</Text>}
        leftSectionWidth={56}
        {...form.getInputProps('phone')}
        style={{ flex: '1 1 12rem' }}
      />
      {kind.extension && (
        <TextInput label={t('mfa.phone.extension')} inputMode="numeric" {...form.getInputProps('extension')} style={{ flex: '0 1 8rem' }} />
      )}
    </Group>
  );
}

/** SMS and voice-call enrollment: intro, then number, send, code and Verify. */
export function PhoneWizard({ kind }: { kind: FactorKindOf<'phone'> }) {
  const t = useT();
  const language = useLanguage();
  // The number being typed survives a sign-in round trip (an expired session); see useDraft.
  const [draft, saveDraft, clearDraft] = useDraft(`phone.${kind.id}`);
  const [restored] = useState(() => readPhoneDraft(draft, isKnownCountry));
  const machine = useMemo(() => phoneWizardMachine(kind, { restored: restored !== undefined }), [kind, restored]);
  const wizard = useWizard(machine, factorApi, { onLeave: clearDraft });
  const { state, dispatch } = wizard;

  const check = (values: PhoneTarget) => checkPhone(values.country, values.phone, { textMessages: kind.mobileOnly });
  const form = useForm<PhoneTarget>({
    mode: 'controlled',
    initialValues: restored ?? { country: DEFAULT_COUNTRY, phone: '', extension: '' },
    validate: {
      phone: (phone, values) => {
        const checked = check({ ...values, phone });
        return 'error' in checked ? <PhoneProblem problem={checked.error} country={values.country} /> : null;
      },
    },
  });
  const { country, phone, extension } = form.values;
  // The intro needs no country: their names are made once it has painted, before Setup asks for them.
  useEffect(() => afterPaintWhenIdle(() => countryChoices(language)), [language]);

  useEffect(() => {
    if (state.step === 'intro') return;
    saveDraft(JSON.stringify({ country, phone, extension }));
  }, [state.step, country, phone, extension, saveDraft]);

  if (state.step === 'intro') {
    return (
      <WizardStep
        wizard={wizard}
        title={t(kind.texts.title)}
        actions={<Button onClick={() => dispatch({ type: 'start' })}>{t('mfa.wizard.setup')}</Button>}
      >
        <Text>{t(kind.texts.intro)}</Text>
      </WizardStep>
    );
  }

  const send = form.onSubmit((values) => {
    const checked = check(values);
    // E.164, as the telephone network knows the number (countries.ts).
    if ('e164' in checked)
      dispatch({ type: 'send', to: { country: values.country, phone: values.phone, extension: values.extension }, phoneNumber: checked.e164 });
  });
  const button = sendButton(state, { country, phone, extension });
  return (
    <WizardStep wizard={wizard} title={t('mfa.phone.title')}>
      {state.banner && (
        <Alert color="red" role="alert" title={t('mfa.formErrors')}>
          {state.banner.error !== undefined ? messageOf(state.banner.error) : null}
        </Alert>
      )}
      <form onSubmit={send} noValidate>
        <PhoneFields form={form} kind={kind} dialCode={dialCodeOf(country)} />
        <Group>
          <SendButton button={button} kind={kind} />
        </Group>
      </form>
      {state.sent && <SentTo sent={state.sent} kind={kind} />}
      {button === 'resend' && (
        <Alert color="yellow" role="status">
          {t(kind.texts.resendWarning)}
        </Alert>
      )}
      {state.sent && (
        <CodeForm required verifying={state.pending === 'activateFactor'} onVerify={(passCode) => dispatch({ type: 'verify', passCode })} />
      )}
    </WizardStep>
  );
}
