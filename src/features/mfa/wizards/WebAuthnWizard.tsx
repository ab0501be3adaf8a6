import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useT } from '../../../messages/pageTexts';
import type { FactorKindOf } from '../factorKinds';
import { canCreatePasskeys, type PasskeyFailure } from './passkey';
import { passkeyApi } from './passkeyApi';
import { useWizard } from './useWizard';
import { isWorking, webAuthnWizardMachine } from './webAuthnWizard.machine';
import { WizardStep } from './WizardStep';

const WEBAUTHN_SPEC_URL = 'https://www.w3.org/TR/webauthn-3/';

/** What went wrong, in the person's words; nothing was added to the account. */
function FailureBox({ failure, tried = true }: { failure: PasskeyFailure; tried?: boolean }) {
  const t = useT();
  const title = {
    cancelled: t('mfa.webauthnError'),
    exists: t('mfa.passkeys.exists'),
    unsupported: t('mfa.passkeys.unsupported'),
    refused: failure.reason === 'refused' && failure.message ? t('mfa.passkeys.refused', { message: failure.message }) : t('mfa.passkeys.failed'),
  }[failure.reason];
  return (
    <Alert color="red" role="alert" title={title}>
      {tried && <Text size="sm">{t('mfa.passkeys.nothingAdded')}</Text>}
      {failure.reason === 'cancelled' && (
        <Anchor href={WEBAUTHN_SPEC_URL} target="_blank" rel="noopener noreferrer" c="inherit" underline="always" size="sm">
          {t('mfa.webauthn.specLink')}
        </Anchor>
      )}
    </Alert>
  );
}

/**
 * Add a passkey (the spec's "Security key or biometric", FIDO WebAuthn): the backend's options,
 * the browser's prompt for a discoverable credential, and the registration. A failure says what
 * happened and offers to try again. A browser without passkeys is told so before it tries.
 */
export function WebAuthnWizard({ kind }: { kind: FactorKindOf<'webauthn'> }) {
  const t = useT();
  const wizard = useWizard(
    useMemo(() => webAuthnWizardMachine(kind), [kind]),
    passkeyApi,
  );
  const { state, dispatch } = wizard;
  const working = isWorking(state);
  const supported = canCreatePasskeys();
  const status = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // While the browser asks, the pressed button is disabled (and Cancel): the focus waits on what
  // is happening, not on the page's body; after a failure it is on Try again.
  useEffect(() => {
    if (working) status.current?.focus();
    else if (state.failed && document.activeElement === document.body) button.current?.focus();
  }, [working, state.failed]);

  const add = supported && (
    <Button ref={button} onClick={() => dispatch({ type: 'start' })} loading={working}>
      {state.failed ? t('mfa.webauthn.retry') : t('mfa.webauthn.enroll')}
    </Button>
  );
  return (
    <WizardStep wizard={wizard} title={t(kind.texts.title)} actions={add} cancelDisabled={working}>
      <Text>{t(kind.texts.intro)}</Text>
      {working && (
        <Group role="status" ref={status} tabIndex={-1} style={{ outline: 'none' }}>
          <Loader size="sm" aria-hidden />
          {t('mfa.webauthn.waiting')}
        </Group>
      )}
      {!supported && <FailureBox failure={{ reason: 'unsupported' }} tried={false} />}
      {state.failed && <FailureBox failure={state.failed} />}
    </WizardStep>
  );
}
