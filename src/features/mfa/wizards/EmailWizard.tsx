import { Alert, Button, Group, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useGetProfile } from '../../../../generated/api/profile/profile';
import { useT } from '../../../messages/pageTexts';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { toast } from '../../../shared/ui/toast';
import type { FactorKindOf } from '../factorKinds';
import { maskEmail } from '../mask';
import { CodeForm } from './CodeForm';
import { emailWizardMachine } from './emailWizard.machine';
import { factorApi } from './factorApi';
import { useWizard } from './useWizard';
import { WizardStep } from './WizardStep';

/** Email enrollment: needs the user's primary email, then sends the code there. */
export function EmailWizard({ kind }: { kind: FactorKindOf<'email'> }) {
  const t = useT();
  const navigate = useNavigate();
  const profile = useGetProfile();
  const email = profile.data?.primaryEmail;

  // The spec's guard: no primary email on the user means no email factor.
  useEffect(() => {
    if (profile.isSuccess && !email) {
      toast.error(t('mfa.noEmail'));
      void navigate({ to: '/' });
    }
  }, [profile.isSuccess, email, navigate, t]);

  if (profile.isPending || !email) return <PageLoader />;
  return <EmailSteps kind={kind} email={email} />;
}

/** Intro and 'Send me the code', then the masked address and the code; 'Send again' after 10 s. */
function EmailSteps({ kind, email }: { kind: FactorKindOf<'email'>; email: string }) {
  const t = useT();
  const wizard = useWizard(
    useMemo(() => emailWizardMachine(kind, email), [kind, email]),
    factorApi,
  );
  const { state, dispatch } = wizard;

  if (state.step === 'intro') {
    return (
      <WizardStep
        wizard={wizard}
        title={t(kind.texts.title)}
        actions={
          <Button onClick={() => dispatch({ type: 'send' })} loading={state.pending === 'enrollEmailFactor'}>
            {t('mfa.email.send')}
          </Button>
        }
      >
        <Text>{t(kind.texts.intro)}</Text>
      </WizardStep>
    );
  }

  return (
    <WizardStep wizard={wizard} title={t('mfa.email.code')}>
      <Text>{t('mfa.email.sentTo', { email: maskEmail(email) })}</Text>
      <CodeForm
        label={t('mfa.email.code')}
        verifying={state.pending === 'activateFactor'}
        onVerify={(passCode) => dispatch({ type: 'verify', passCode })}
      />
      {state.resendDue && (
        <Alert color="yellow" role="status">
          <Group justify="space-between" wrap="wrap">
            <span>{t('mfa.email.resendWarning')}</span>
            <Button size="xs" variant="default" onClick={() => dispatch({ type: 'send' })} loading={state.pending === 'enrollEmailFactor'}>
              {t('mfa.email.sendAgain')}
            </Button>
          </Group>
        </Alert>
      )}
    </WizardStep>
  );
}
