import { Alert, Anchor, Button, Code, CopyButton, Group, Image, Loader, Radio, Text, TextInput } from '@mantine/core';
import { useEffect, useReducer, useRef } from 'react';
import { useActivateFactor, useEnrollFactor } from '../../../../generated/api/factors/factors';
import { t } from '../../../messages/t';
import { appReducer, initialAppState, type Device } from './appWizard.machine';
import { useFinishEnrolment } from './useFinishEnrolment';
import { WizardStep } from './WizardStep';

const STORES: Record<Device, { store: 'mfa.app.appStore' | 'mfa.app.playStore'; href: string }> = {
  iphone: { store: 'mfa.app.appStore', href: 'https://apps.apple.com/app/google-authenticator/id388497605' },
  android: { store: 'mfa.app.playStore', href: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2' },
};

/** The authenticator app (GOOGLE, token:software:totp): intro, device, barcode or key, code. */
export function AppWizard({ onCancel }: { onCancel: () => void }) {
  const [state, dispatch] = useReducer(appReducer, initialAppState);
  const enroll = useEnrollFactor();
  const activate = useActivateFactor();
  const finish = useFinishEnrolment();
  const { mutate: enrollMutate } = enroll;
  const requested = useRef(false);

  useEffect(() => {
    if (!state.enrolling) {
      requested.current = false;
      return;
    }
    // One enrolment per visit to the barcode step, also when React runs effects twice.
    if (requested.current) return;
    requested.current = true;
    enrollMutate(
      { data: { factorType: 'token:software:totp', provider: 'GOOGLE' } },
      {
        onSuccess: (result) =>
          result.id
            ? dispatch({
                type: 'enrolled',
                enrolment: { factorId: result.id, secret: result._embedded?.activation?.sharedSecret, qrCode: result._links?.qrcode?.href },
              })
            : dispatch({ type: 'enrollFailed' }),
        onError: () => dispatch({ type: 'enrollFailed' }),
      },
    );
  }, [state.enrolling, enrollMutate]);

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    const next = appReducer(state, { type: 'verify' });
    dispatch({ type: 'verify' });
    if (next === state || !state.enrolment) return;
    activate.mutate(
      { factorId: state.enrolment.factorId, data: { passCode: state.code.trim() } },
      { onSuccess: () => void finish(t('mfa.app.success')), onError: () => dispatch({ type: 'verifyFailed' }) },
    );
  };

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

  switch (state.step) {
    case 'intro':
      return (
        <WizardStep title={t('mfa.app.title')} step={1} total={4}>
          <Text>{t('mfa.app.intro')}</Text>
          <Group>
            <Button onClick={() => dispatch({ type: 'next' })}>{t('mfa.wizard.next')}</Button>
            {cancel}
          </Group>
        </WizardStep>
      );
    case 'device': {
      const store = STORES[state.device];
      return (
        <WizardStep title={t('mfa.app.deviceTitle')} step={2} total={4}>
          <Radio.Group value={state.device} onChange={(value) => dispatch({ type: 'device', device: value as Device })} label={t('mfa.app.deviceTitle')}>
            <Group mt="xs">
              <Radio value="iphone" label={t('mfa.app.iphone')} />
              <Radio value="android" label={t('mfa.app.android')} />
            </Group>
          </Radio.Group>
          <Text>
            <Anchor href={store.href} target="_blank" rel="noopener noreferrer">
              {t('mfa.app.getApp', { store: t(store.store) })}
            </Anchor>
          </Text>
          <Group>
            {back}
            <Button onClick={() => dispatch({ type: 'next' })}>{t('mfa.wizard.next')}</Button>
            {cancel}
          </Group>
        </WizardStep>
      );
    }
    case 'scan': {
      const enrolment = state.enrolment;
      return (
        <WizardStep title={t(state.view === 'barcode' ? 'mfa.app.scanTitle' : 'mfa.app.manualTitle')} step={3} total={4}>
          {state.enrolling && (
            <Group role="status">
              <Loader size="sm" aria-hidden />
              {t('mfa.app.enrolling')}
            </Group>
          )}
          {!state.enrolling && !enrolment && <Alert color="red">{t('mfa.app.enrollFailed')}</Alert>}
          {enrolment && state.view === 'barcode' && (
            <>
              <Text>{t('mfa.app.scanHelp')}</Text>
              {enrolment.qrCode && <Image src={enrolment.qrCode} alt={t('mfa.app.qrAlt')} w={200} h={200} fit="contain" />}
              <Anchor component="button" type="button" onClick={() => dispatch({ type: 'view', view: 'manual' })}>
                {t('mfa.app.cantScan')}
              </Anchor>
            </>
          )}
          {enrolment && state.view === 'manual' && (
            <>
              <Text>{t('mfa.app.manualHelp')}</Text>
              <Group>
                <Text fw={600}>{t('mfa.app.secretKey')}</Text>
                <Code fz="lg" data-testid="secret-key">
                  {enrolment.secret}
                </Code>
                <CopyButton value={enrolment.secret ?? ''}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy} aria-live="polite">
                      {copied ? t('mfa.app.copied') : t('mfa.app.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Anchor component="button" type="button" onClick={() => dispatch({ type: 'view', view: 'barcode' })}>
                {t('mfa.app.scanInstead')}
              </Anchor>
            </>
          )}
          <Group>
            {back}
            <Button onClick={() => dispatch({ type: 'next' })} disabled={!enrolment}>
              {t('mfa.wizard.next')}
            </Button>
            {cancel}
          </Group>
        </WizardStep>
      );
    }
    case 'code':
      return (
        <WizardStep title={t('mfa.app.codeTitle')} step={4} total={4}>
          <form onSubmit={verify} noValidate>
            <Text mb="sm">{t('mfa.app.codeHelp')}</Text>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                label={t('mfa.wizard.enterCode')}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={state.code}
                onChange={(event) => dispatch({ type: 'code', value: event.currentTarget.value })}
                style={{ flex: '1 1 12rem' }}
              />
              <Button type="submit" loading={state.verifying}>
                {t('mfa.wizard.verify')}
              </Button>
            </Group>
          </form>
          <Group>
            {back}
            {cancel}
          </Group>
        </WizardStep>
      );
  }
}
