import { Alert, Anchor, Button, Image, Text } from '@mantine/core';
import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { useT } from '../../../messages/pageTexts';
import { PageLoader } from '../../../shared/ui/PageLoader';
import type { FactorKindOf } from '../factorKinds';
import { CodeForm } from './CodeForm';
import { customWizardMachine } from './customWizard.machine';
import { factorApi } from './factorApi';
import { SecretKey } from './SecretKey';
import { useWizard } from './useWizard';
import { WizardStep } from './WizardStep';

/** The university's own authenticator (CUSTOM token:hotp): the QR code is drawn here from otpContent. */
export function CustomWizard({ kind }: { kind: FactorKindOf<'custom'> }) {
  const t = useT();
  const wizard = useWizard(
    useMemo(() => customWizardMachine(kind), [kind]),
    factorApi,
  );
  const { state, dispatch } = wizard;
  const qr = useQrCode(state.step === 'scan' && state.secret?.status === 'ready' ? state.secret.otpContent : undefined);

  switch (state.step) {
    case 'intro':
      return (
        <WizardStep
          wizard={wizard}
          title={t(kind.texts.title)}
          actions={<Button onClick={() => dispatch({ type: 'next' })}>{t('mfa.wizard.next')}</Button>}
        >
          <Text>{t(kind.texts.intro)}</Text>
        </WizardStep>
      );
    case 'scan': {
      const { secret, view } = state;
      const next = (
        <Button onClick={() => dispatch({ type: 'next' })} disabled={secret?.status !== 'ready'}>
          {t('mfa.wizard.next')}
        </Button>
      );
      return (
        <WizardStep wizard={wizard} title={t(view === 'barcode' ? 'mfa.app.scanTitle' : 'mfa.app.manualTitle')} actions={next}>
          {state.pending === 'getCustomTotpSecret' && <PageLoader label={t('mfa.custom.loading')} />}
          {secret?.status === 'failed' && <Alert color="red">{t('mfa.custom.loadFailed')}</Alert>}
          {secret?.status === 'ready' && view === 'barcode' && (
            <>
              <Text>{t('mfa.app.scanHelp')}</Text>
              {qr ? <Image src={qr} alt={t('mfa.app.qrAlt')} w={200} h={200} fit="contain" /> : <PageLoader />}
              <Anchor component="button" type="button" onClick={() => dispatch({ type: 'view', view: 'manual' })}>
                {t('mfa.app.cantScan')}
              </Anchor>
            </>
          )}
          {secret?.status === 'ready' && view === 'manual' && (
            <SecretKey secret={secret.secret} onScanInstead={() => dispatch({ type: 'view', view: 'barcode' })} />
          )}
        </WizardStep>
      );
    }
    case 'code':
      return (
        <WizardStep wizard={wizard} title={t('mfa.app.codeTitle')}>
          <CodeForm
            verifying={state.pending === 'enrollCustomTotp'}
            onVerify={(passCode) => dispatch({ type: 'verify', passCode, enteredAt: Date.now() })}
          />
        </WizardStep>
      );
  }
}

/** The QR code of an otpauth address as an SVG data URL. */
function useQrCode(content: string | undefined): string | undefined {
  return useMemo(() => (content ? `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(content))}` : undefined), [content]);
}
