import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useActivateFactor, useEnrollFactor } from '../../../../generated/api/factors/factors';
import { t } from '../../../messages/t';
import { config } from '../../../shared/config';
import { useFinishEnrolment } from './useFinishEnrolment';
import { activationPayload, creationOptions } from './webauthn';
import { WizardStep } from './WizardStep';
import { hasStatus } from '../../../shared/factorAnswers';

export const WEBAUTHN_SPEC_URL = 'https://www.w3.org/TR/webauthn-3/';

/**
 * Security key or biometric (FIDO WebAuthn): Enroll asks the server for a challenge, the
 * browser for a credential, and activates it. Any failure or refusal shows the spec's box.
 */
export function WebAuthnWizard({ onCancel }: { onCancel: () => void }) {
  const [phase, setPhase] = useState<'intro' | 'working' | 'failed'>('intro');
  // Every failure ends in the same box; no toasts on top of it.
  const enroll = useEnrollFactor({ mutation: { meta: { silent: true } } });
  const activate = useActivateFactor({ mutation: { meta: { silent: true } } });
  const finish = useFinishEnrolment();

  const start = async () => {
    if (phase === 'working') return;
    setPhase('working');
    try {
      const enrolment = await enroll.mutateAsync({ data: { factorType: 'webauthn', provider: 'FIDO' } });
      const activation = enrolment._embedded?.activation;
      // An enrolment answered without a status failed (spec section 8): no credential is made for it.
      if (!enrolment.id || !activation || !hasStatus(enrolment)) throw new Error('No activation in the enrolment');
      if (!navigator.credentials?.create) throw new Error('This browser has no Web Authentication');
      const credential = await navigator.credentials.create({ publicKey: creationOptions(activation, config.webauthnRpId) });
      if (!credential) throw new Error('No credential was created');
      const activated = await activate.mutateAsync({ factorId: enrolment.id, data: activationPayload(credential as PublicKeyCredential) });
      if (!hasStatus(activated)) throw new Error('The activation answer carries no status');
      await finish(t('mfa.webauthn.success'));
    } catch {
      setPhase('failed');
    }
  };

  return (
    <WizardStep title={t('mfa.webauthn.title')} step={1} total={1}>
      <Text>{t('mfa.webauthn.intro')}</Text>
      {phase === 'working' && (
        <Group role="status">
          <Loader size="sm" aria-hidden />
          {t('mfa.webauthn.waiting')}
        </Group>
      )}
      {phase === 'failed' && (
        <Alert color="red" role="alert" title={t('mfa.webauthnError')}>
          <Anchor href={WEBAUTHN_SPEC_URL} target="_blank" rel="noopener noreferrer" c="inherit" underline="always">
            {t('mfa.webauthn.specLink')}
          </Anchor>
        </Alert>
      )}
      <Group>
        <Button onClick={() => void start()} loading={phase === 'working'}>
          {phase === 'failed' ? t('mfa.webauthn.retry') : t('mfa.webauthn.enroll')}
        </Button>
        <Button variant="subtle" onClick={onCancel} disabled={phase === 'working'}>
          {t('mfa.wizard.cancel')}
        </Button>
      </Group>
    </WizardStep>
  );
}
