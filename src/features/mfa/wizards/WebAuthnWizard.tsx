import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useT } from '../../../messages/t';
import type { FactorKindOf } from '../factorKinds';
import { factorApi } from './factorApi';
import { useWizard } from './useWizard';
import { isWorking, webAuthnWizardMachine } from './webAuthnWizard.machine';
import { WizardStep } from './WizardStep';

const WEBAUTHN_SPEC_URL = 'https://www.w3.org/TR/webauthn-3/';

/**
 * Security key or biometric (FIDO WebAuthn): Enroll asks the server for a challenge, the
 * browser for a credential, and activates it. Any failure or refusal shows the spec's box.
 */
export function WebAuthnWizard({ kind }: { kind: FactorKindOf<'webauthn'> }) {
  const t = useT();
  const wizard = useWizard(
    useMemo(() => webAuthnWizardMachine(kind), [kind]),
    factorApi,
  );
  const { state, dispatch } = wizard;
  const working = isWorking(state);

  const enroll = (
    <Button onClick={() => dispatch({ type: 'start' })} loading={working}>
      {state.failed ? t('mfa.webauthn.retry') : t('mfa.webauthn.enroll')}
    </Button>
  );
  return (
    <WizardStep wizard={wizard} title={t(kind.texts.title)} actions={enroll} cancelDisabled={working}>
      <Text>{t(kind.texts.intro)}</Text>
      {working && (
        <Group role="status">
          <Loader size="sm" aria-hidden />
          {t('mfa.webauthn.waiting')}
        </Group>
      )}
      {state.failed && (
        <Alert color="red" role="alert" title={t('mfa.webauthnError')}>
          <Anchor href={WEBAUTHN_SPEC_URL} target="_blank" rel="noopener noreferrer" c="inherit" underline="always">
            {t('mfa.webauthn.specLink')}
          </Anchor>
        </Alert>
      )}
    </WizardStep>
  );
}
