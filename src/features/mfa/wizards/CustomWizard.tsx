import { Alert, Anchor, Button, Group, Image, Text } from '@mantine/core';
import { useEffect, useReducer, useState } from 'react';
import { useEnrollCustomTotp, useGetCustomTotpSecret } from '../../../../generated/api/factors/factors';
import { t } from '../../../messages/t';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { parseOtpContent } from '../otpContent';
import { customReducer, initialCustomState } from './customWizard.machine';
import { CodeForm } from './CodeForm';
import { SecretKey } from './SecretKey';
import { useFinishEnrolment } from './useFinishEnrolment';
import { WizardStep } from './WizardStep';
import { hasStatus } from '../../../shared/factorAnswers';

/** The university's own authenticator (CUSTOM token:hotp): the QR code is drawn here from otpContent. */
export function CustomWizard({ onCancel }: { onCancel: () => void }) {
  const [state, dispatch] = useReducer(customReducer, initialCustomState);
  // The secret stays in this wizard's memory: never cached for other pages.
  const secretQuery = useGetCustomTotpSecret({ query: { enabled: state.step !== 'intro', gcTime: 0, staleTime: Infinity } });
  const enroll = useEnrollCustomTotp();
  const finish = useFinishEnrolment();
  const otpContent = secretQuery.data?.data.otpContent;
  const otp = otpContent ? parseOtpContent(otpContent) : undefined;
  const qr = useQrCode(otpContent);

  const cancel = (
    <Button variant="subtle" onClick={onCancel}>
      {t('mfa.wizard.cancel')}
    </Button>
  );
  const back = (
    <Button variant="default" onClick={() => dispatch({ type: 'back' })}>
      {t('mfa.wizard.back')}
    </Button>
  );

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    const next = customReducer(state, { type: 'verify' });
    dispatch({ type: 'verify' });
    if (next === state || !otp) return;
    enroll.mutate(
      { data: { issuer: otp.issuer, secret: otp.secret, passCode: state.code.trim(), timestamp: Date.now() } },
      { onSuccess: (result) => (hasStatus(result) ? void finish(t('mfa.custom.success')) : dispatch({ type: 'verifyFailed' })), onError: () => dispatch({ type: 'verifyFailed' }) },
    );
  };

  if (state.step === 'intro') {
    return (
      <WizardStep title={t('mfa.custom.title')} step={1} total={3}>
        <Text>{t('mfa.custom.intro')}</Text>
        <Group>
          <Button onClick={() => dispatch({ type: 'next' })}>{t('mfa.wizard.next')}</Button>
          {cancel}
        </Group>
      </WizardStep>
    );
  }

  if (state.step === 'scan') {
    return (
      <WizardStep title={t(state.view === 'barcode' ? 'mfa.app.scanTitle' : 'mfa.app.manualTitle')} step={2} total={3}>
        {secretQuery.isPending && <PageLoader label={t('mfa.custom.loading')} />}
        {(secretQuery.isError || (secretQuery.isSuccess && !otp)) && <Alert color="red">{t('mfa.custom.loadFailed')}</Alert>}
        {otp && state.view === 'barcode' && (
          <>
            <Text>{t('mfa.app.scanHelp')}</Text>
            {qr ? <Image src={qr} alt={t('mfa.app.qrAlt')} w={200} h={200} fit="contain" /> : <PageLoader />}
            <Anchor component="button" type="button" onClick={() => dispatch({ type: 'view', view: 'manual' })}>
              {t('mfa.app.cantScan')}
            </Anchor>
          </>
        )}
        {otp && state.view === 'manual' && (
          <SecretKey secret={otp.secret} onScanInstead={() => dispatch({ type: 'view', view: 'barcode' })} />
        )}
        <Group>
          {back}
          <Button onClick={() => dispatch({ type: 'next' })} disabled={!otp}>
            {t('mfa.wizard.next')}
          </Button>
          {cancel}
        </Group>
      </WizardStep>
    );
  }

  return (
    <WizardStep title={t('mfa.app.codeTitle')} step={3} total={3}>
      <CodeForm value={state.code} onChange={(value) => dispatch({ type: 'code', value })} onSubmit={verify} verifying={state.verifying} />
      <Group>
        {back}
        {cancel}
      </Group>
    </WizardStep>
  );
}

/** The QR code of an otpauth address as an SVG data URL; the encoder loads with the first one. */
function useQrCode(content: string | undefined): string | undefined {
  const [qr, setQr] = useState<{ content: string; url: string }>();
  useEffect(() => {
    if (!content) return;
    let current = true;
    void import('uqr').then(({ renderSVG }) => {
      if (current) setQr({ content, url: `data:image/svg+xml;utf8,${encodeURIComponent(renderSVG(content))}` });
    });
    return () => {
      current = false;
    };
  }, [content]);
  return qr && qr.content === content ? qr.url : undefined;
}
