import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useReducer } from 'react';
import { useActivateFactor, useEnrollPhoneFactor } from '../../../../generated/api/factors/factors';
import { t, useLanguage } from '../../../messages/t';
import { messageOf } from '../../../shared/api/queryClient';
import { useDraft } from '../../../shared/draft';
import { countryChoices, countryName, dialCodeOf } from '../countries';
import {
  initialPhoneState,
  PHONE_RESEND_AFTER_MS,
  restorePhoneDraft,
  phoneReducer,
  sendButton,
  showsCodeBox,
  type PhoneChannel,
} from './phoneWizard.machine';
import { CodeForm } from './CodeForm';
import { useFinishEnrolment } from './useFinishEnrolment';
import { WizardStep } from './WizardStep';
import { hasStatus } from '../../../shared/factorAnswers';

const TEXT = {
  sms: { title: 'mfa.sms.title', intro: 'mfa.sms.intro', send: 'mfa.sms.send', sent: 'mfa.sms.sent', resend: 'mfa.sms.resend', warning: 'mfa.sms.resendWarning', success: 'mfa.sms.success' },
  call: { title: 'mfa.call.title', intro: 'mfa.call.intro', send: 'mfa.call.send', sent: 'mfa.call.sent', resend: 'mfa.call.resend', warning: 'mfa.call.resendWarning', success: 'mfa.call.success' },
} as const;

/** SMS and voice-call enrolment: intro, then number, send, code and Verify. */
export function PhoneWizard({ channel, onCancel }: { channel: PhoneChannel; onCancel: () => void }) {
  const text = TEXT[channel];
  // The number being typed survives a sign-in round trip (an expired session); see useDraft.
  const [draft, saveDraft, clearDraft] = useDraft(`phone.${channel}`);
  const [state, dispatch] = useReducer(phoneReducer, channel, (c) => restorePhoneDraft(initialPhoneState(c), draft));
  useEffect(() => {
    if (state.step === 'intro') return;
    saveDraft(JSON.stringify({ country: state.country, phone: state.phone, extension: state.extension }));
  }, [state.step, state.country, state.phone, state.extension, saveDraft]);
  const leave = () => {
    clearDraft();
    onCancel();
  };
  const succeed = () => {
    clearDraft();
    void finish(t(text.success));
  };
  // Failures show the form's banner instead of a toast.
  const enroll = useEnrollPhoneFactor({ mutation: { meta: { silent: true } } });
  const activate = useActivateFactor({ mutation: { meta: { silent: true } } });
  const finish = useFinishEnrolment();
  const language = useLanguage();
  const countries = useMemo(() => countryChoices(language), [language]);

  useEffect(() => {
    if (!state.sentTo) return;
    const timer = setTimeout(() => dispatch({ type: 'resendDue' }), PHONE_RESEND_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.sentTo]);

  const send = () => {
    const next = phoneReducer(state, { type: 'send' });
    dispatch({ type: 'send' });
    if (next === state || !next.sending) return;
    enroll.mutate(
      {
        data: {
          factorType: channel,
          provider: 'OKTA',
          // E.164, as the telephone network knows the number (countries.ts).
          phoneNumber: next.sendingTo!,
          ...(channel === 'call' && state.extension.trim() ? { phoneExtension: state.extension.trim() } : {}),
        },
      },
      {
        onSuccess: (result) => {
          if (result.status === 'ACTIVE') succeed();
          // No status: the enrolment failed (spec section 8), shown by the banner.
          else if (result.id && hasStatus(result)) dispatch({ type: 'sent', factorId: result.id });
          else dispatch({ type: 'sendFailed' });
        },
        onError: () => dispatch({ type: 'sendFailed' }),
      },
    );
  };

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    const next = phoneReducer(state, { type: 'verify' });
    dispatch({ type: 'verify' });
    if (next === state || !next.verifying || !state.factorId) return;
    activate.mutate(
      { factorId: state.factorId, data: { passCode: state.code.trim() } },
      { onSuccess: (result) => (hasStatus(result) ? succeed() : dispatch({ type: 'verifyFailed' })), onError: () => dispatch({ type: 'verifyFailed' }) },
    );
  };

  if (state.step === 'intro') {
    return (
      <WizardStep title={t(text.title)} step={1} total={2}>
        <Text>{t(text.intro)}</Text>
        <Group>
          <Button onClick={() => dispatch({ type: 'start' })}>{t('mfa.wizard.setup')}</Button>
          <Button variant="default" onClick={leave}>
            {t('mfa.wizard.cancel')}
          </Button>
        </Group>
      </WizardStep>
    );
  }

  const button = sendButton(state);
  const failure = enroll.error ?? activate.error;
  return (
    <WizardStep title={t('mfa.phone.title')} step={2} total={2}>
      {state.banner && (
        <Alert color="red" role="alert" title={t('mfa.formErrors')}>
          {failure ? messageOf(failure) : null}
        </Alert>
      )}
      <Group align="flex-start" wrap="wrap">
        <NativeSelect
          label={t('mfa.phone.country')}
          data={countries}
          value={state.country}
          onChange={(event) => dispatch({ type: 'edit', field: 'country', value: event.currentTarget.value })}
          style={{ flex: '1 1 16rem' }}
        />
        <TextInput
          label={t('mfa.phone.number')}
          type="tel"
          autoComplete="tel-national"
          leftSection={<Text size="sm">+{dialCodeOf(state.country)}</Text>}
          leftSectionWidth={56}
          value={state.phone}
          onChange={(event) => dispatch({ type: 'edit', field: 'phone', value: event.currentTarget.value })}
          error={
            state.phoneError === 'required'
              ? t('mfa.fieldRequired')
              : state.phoneError === 'invalid'
                ? t('mfa.phone.invalid', { country: countryName(state.country, language) })
                : state.phoneError === 'landline'
                  ? t('mfa.phone.landline')
                  : undefined
          }
          style={{ flex: '1 1 12rem' }}
        />
        {channel === 'call' && (
          <TextInput
            label={t('mfa.phone.extension')}
            inputMode="numeric"
            value={state.extension}
            onChange={(event) => dispatch({ type: 'edit', field: 'extension', value: event.currentTarget.value })}
            style={{ flex: '0 1 8rem' }}
          />
        )}
      </Group>
      <Group>
        {button === 'send' || button === 'sending' ? (
          <Button onClick={send} loading={button === 'sending'}>
            {t(text.send)}
          </Button>
        ) : button === 'resend' ? (
          <Button variant="default" onClick={send}>
            {t(text.resend)}
          </Button>
        ) : (
          <Button disabled>{t(text.sent)}</Button>
        )}
      </Group>
      {button === 'resend' && (
        <Alert color="yellow" role="status">
          {t(text.warning)}
        </Alert>
      )}
      {showsCodeBox(state) && (
        <CodeForm
          value={state.code}
          onChange={(value) => dispatch({ type: 'edit', field: 'code', value })}
          onSubmit={verify}
          verifying={state.verifying}
          error={state.codeError ? t('mfa.fieldRequired') : undefined}
        />
      )}
      <Group>
        <Button variant="subtle" onClick={leave}>
          {t('mfa.wizard.cancel')}
        </Button>
      </Group>
    </WizardStep>
  );
}
