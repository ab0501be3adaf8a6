import { Alert, Button, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useReducer } from 'react';
import { useActivateFactor, useEnrollEmailFactor } from '../../../../generated/api/factors/factors';
import { useGetProfile } from '../../../../generated/api/profile/profile';
import { t } from '../../../messages/t';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { toast } from '../../../shared/ui/toast';
import { maskEmail } from '../maskEmail';
import { EMAIL_RESEND_AFTER_MS, emailReducer, initialEmailState } from './emailWizard.machine';
import { CodeForm } from './CodeForm';
import { useFinishEnrolment } from './useFinishEnrolment';
import { WizardStep } from './WizardStep';
import { hasStatus } from '../../../shared/factorAnswers';

/** Email enrolment: intro, 'Send me the code', then the masked address and the code. */
export function EmailWizard({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const profile = useGetProfile();
  const [state, dispatch] = useReducer(emailReducer, initialEmailState);
  const enroll = useEnrollEmailFactor();
  const activate = useActivateFactor();
  const finish = useFinishEnrolment();
  const email = profile.data?.primaryEmail;

  // The spec's guard: no primary email on the user means no email factor.
  useEffect(() => {
    if (profile.isSuccess && !email) {
      toast.error(t('mfa.noEmail'));
      void navigate({ to: '/' });
    }
  }, [profile.isSuccess, email, navigate]);

  useEffect(() => {
    if (state.sends === 0) return;
    const timer = setTimeout(() => dispatch({ type: 'resendDue' }), EMAIL_RESEND_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.sends]);

  const send = () => {
    if (!email || state.sending) return;
    dispatch({ type: 'send' });
    enroll.mutate(
      { data: { factorType: 'email', provider: 'OKTA', email } },
      {
        onSuccess: (result) => (result.id && hasStatus(result) ? dispatch({ type: 'sent', factorId: result.id }) : dispatch({ type: 'sendFailed' })),
        onError: () => dispatch({ type: 'sendFailed' }),
      },
    );
  };

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    const next = emailReducer(state, { type: 'verify' });
    dispatch({ type: 'verify' });
    if (next === state || !state.factorId) return;
    activate.mutate(
      { factorId: state.factorId, data: { passCode: state.code.trim() } },
      { onSuccess: (result) => (hasStatus(result) ? void finish(t('mfa.email.success')) : dispatch({ type: 'verifyFailed' })), onError: () => dispatch({ type: 'verifyFailed' }) },
    );
  };

  if (profile.isPending || !email) return <PageLoader />;

  if (state.step === 'intro') {
    return (
      <WizardStep title={t('mfa.email.title')} step={1} total={2}>
        <Text>{t('mfa.email.intro')}</Text>
        <Group>
          <Button onClick={send} loading={state.sending}>
            {t('mfa.email.send')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('mfa.wizard.cancel')}
          </Button>
        </Group>
      </WizardStep>
    );
  }

  return (
    <WizardStep title={t('mfa.email.code')} step={2} total={2}>
      <Text>{t('mfa.email.sentTo', { email: maskEmail(email) })}</Text>
      <CodeForm
        label={t('mfa.email.code')}
        value={state.code}
        onChange={(value) => dispatch({ type: 'code', value })}
        onSubmit={verify}
        verifying={state.verifying}
      />
      {state.resendDue && (
        <Alert color="yellow" role="status">
          <Group justify="space-between" wrap="wrap">
            <span>{t('mfa.email.resendWarning')}</span>
            <Button size="xs" variant="default" onClick={send} loading={state.sending}>
              {t('mfa.email.sendAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      <Group>
        <Button variant="subtle" onClick={onCancel}>
          {t('mfa.wizard.cancel')}
        </Button>
      </Group>
    </WizardStep>
  );
}
