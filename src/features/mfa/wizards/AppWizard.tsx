import { Alert, Anchor, Button, Group, Image, Loader, Radio, Text } from '@mantine/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { pollFactorActivation, useActivateFactor, useEnrollFactor } from '../../../../generated/api/factors/factors';
import { t, type MessageKey } from '../../../messages/t';
import { config } from '../../../shared/config';
import { hasStatus } from '../../../shared/factorAnswers';
import { displayableImage, qrCodeOf } from './enrolment';
import { POLL_INTERVAL_MS, pollOutcome, type PollOutcome } from './activationPoll';
import { appReducer, initialAppState, type Device } from './appWizard.machine';
import { CodeForm } from './CodeForm';
import { SecretKey } from './SecretKey';
import { useFinishEnrolment } from './useFinishEnrolment';
import { WizardStep } from './WizardStep';

type Stores = Record<Device, { store: 'mfa.app.appStore' | 'mfa.app.playStore'; href: string }>;

/** What differs between the app-based wizards (spec section 2, Enrolment wizards). */
export interface AppVariant {
  factorType: 'push' | 'token:software:totp';
  provider: 'OKTA' | 'GOOGLE';
  title: MessageKey;
  intro: MessageKey;
  /** The intro's button: Setup for push, Next for the others. */
  start: MessageKey;
  getApp: MessageKey;
  stores: Stores;
  /** The secret-key view's button: Verify (Okta) or Next (authenticator app). */
  manualButton: MessageKey;
  success: MessageKey;
  /** Push activates when the app confirms: poll while the barcode is shown. */
  poll: boolean;
  /** Okta: returning to the barcode view requests a new enrolment (spec section 4). */
  reenrolOnBarcode: boolean;
}

const OKTA_VERIFY_STORES: Stores = {
  iphone: { store: 'mfa.app.appStore', href: 'https://apps.apple.com/app/okta-verify/id490179405' },
  android: { store: 'mfa.app.playStore', href: 'https://play.google.com/store/apps/details?id=com.okta.android.auth' },
};

export const APP_VARIANTS = {
  googleTotp: {
    factorType: 'token:software:totp',
    provider: 'GOOGLE',
    title: 'mfa.app.title',
    intro: 'mfa.app.intro',
    start: 'mfa.wizard.next',
    getApp: 'mfa.app.getApp',
    stores: {
      iphone: { store: 'mfa.app.appStore', href: 'https://apps.apple.com/app/google-authenticator/id388497605' },
      android: { store: 'mfa.app.playStore', href: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2' },
    },
    manualButton: 'mfa.wizard.next',
    success: 'mfa.app.success',
    poll: false,
    reenrolOnBarcode: false,
  },
  push: {
    factorType: 'push',
    provider: 'OKTA',
    title: 'mfa.push.title',
    intro: 'mfa.push.intro',
    start: 'mfa.wizard.setup',
    getApp: 'mfa.okta.getApp',
    stores: OKTA_VERIFY_STORES,
    manualButton: 'mfa.wizard.verify',
    success: 'mfa.push.success',
    poll: true,
    reenrolOnBarcode: true,
  },
  oktaTotp: {
    factorType: 'token:software:totp',
    provider: 'OKTA',
    title: 'mfa.oktaTotp.title',
    intro: 'mfa.oktaTotp.intro',
    start: 'mfa.wizard.next',
    getApp: 'mfa.okta.getApp',
    stores: OKTA_VERIFY_STORES,
    manualButton: 'mfa.wizard.verify',
    success: 'mfa.oktaTotp.success',
    poll: false,
    reenrolOnBarcode: true,
  },
} satisfies Record<string, AppVariant>;

/** The app-based wizards (authenticator app, Okta Verify push and code): intro, device, barcode or key, code. */
export function AppWizard({ variant, onCancel }: { variant: AppVariant; onCancel: () => void }) {
  const [state, dispatch] = useReducer(appReducer, initialAppState);
  const [poll, setPoll] = useState<PollOutcome>('waiting');
  const [qrFailed, setQrFailed] = useState(false);
  // A new enrolment brings a new barcode to try.
  const qrCode = state.enrolment?.qrCode;
  useEffect(() => setQrFailed(false), [qrCode]);
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
      { data: { factorType: variant.factorType, provider: variant.provider } },
      {
        onSuccess: (result) =>
          result.id && hasStatus(result)
            ? dispatch({
                type: 'enrolled',
                enrolment: {
                  factorId: result.id,
                  secret: result._embedded?.activation?.sharedSecret,
                  qrCode: displayableImage(qrCodeOf(result), { origin: window.location.origin, oktaOrgUrl: config.oktaOrgUrl }),
                },
              })
            : dispatch({ type: 'enrollFailed' }),
        onError: () => dispatch({ type: 'enrollFailed' }),
      },
    );
  }, [state.enrolling, enrollMutate, variant]);

  // Push: while the barcode step shows an enrolment, ask every 5 s whether the app confirmed.
  const factorId = state.step === 'scan' && variant.poll ? state.enrolment?.factorId : undefined;
  useEffect(() => {
    if (!factorId) return;
    setPoll('waiting');
    let stopped = false;
    const timer = setInterval(() => {
      pollFactorActivation(factorId).then(
        (result) => {
          const outcome = pollOutcome(result);
          if (stopped || outcome === 'waiting') return;
          clearInterval(timer);
          setPoll(outcome);
          if (outcome === 'active') void finish(t(variant.success));
        },
        () => {
          if (stopped) return;
          clearInterval(timer);
          setPoll('failed');
        },
      );
    }, POLL_INTERVAL_MS);
    // Leaving the step or the page stops polling.
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [factorId, finish, variant]);

  const verify = (event: React.FormEvent) => {
    event.preventDefault();
    const next = appReducer(state, { type: 'verify' });
    dispatch({ type: 'verify' });
    if (next === state || !state.enrolment) return;
    activate.mutate(
      { factorId: state.enrolment.factorId, data: { passCode: state.code.trim() } },
      {
        // An answer without a status is no activation: the wizard stays, silently (spec section 8).
        onSuccess: (result) => (hasStatus(result) ? void finish(t(variant.success)) : dispatch({ type: 'verifyFailed' })),
        onError: () => dispatch({ type: 'verifyFailed' }),
      },
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
        <WizardStep title={t(variant.title)} step={1} total={4}>
          <Text>{t(variant.intro)}</Text>
          <Group>
            <Button onClick={() => dispatch({ type: 'next' })}>{t(variant.start)}</Button>
            {cancel}
          </Group>
        </WizardStep>
      );
    case 'device': {
      const store = variant.stores[state.device];
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
              {t(variant.getApp, { store: t(store.store) })}
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
          {variant.poll && enrolment && poll === 'waiting' && (
            <Group role="status">
              <Loader size="sm" aria-hidden />
              {t('mfa.push.waiting')}
            </Group>
          )}
          {variant.poll && (poll === 'timeout' || poll === 'failed') && (
            <Alert color="red" role="alert" title={t(poll === 'timeout' ? 'mfa.activationTimeout' : 'error.network')}>
              {poll === 'timeout' && (
                <Button mt="xs" size="xs" variant="default" onClick={() => dispatch({ type: 'reenrol' })}>
                  {t('mfa.push.resend')}
                </Button>
              )}
            </Alert>
          )}
          {enrolment && state.view === 'barcode' && (
            <>
              <Text>{t('mfa.app.scanHelp')}</Text>
              {enrolment.qrCode && !qrFailed ? (
                <Image src={enrolment.qrCode} alt={t('mfa.app.qrAlt')} w={200} h={200} fit="contain" onError={() => setQrFailed(true)} />
              ) : (
                // No barcode the page may show (none came, it is on a host config.json does not
                // name, or it would not load): say so instead of leaving a gap.
                <Alert color="yellow" role="status">
                  {t('mfa.app.qrUnavailable')}
                </Alert>
              )}
              <Anchor component="button" type="button" onClick={() => dispatch({ type: 'view', view: 'manual' })}>
                {t('mfa.app.cantScan')}
              </Anchor>
            </>
          )}
          {enrolment && state.view === 'manual' && (
            <SecretKey
              secret={enrolment.secret}
              onScanInstead={() => dispatch({ type: 'view', view: 'barcode', reenrol: variant.reenrolOnBarcode })}
            />
          )}
          <Group>
            {back}
            <Button onClick={() => dispatch({ type: 'next' })} disabled={!enrolment}>
              {t(state.view === 'manual' ? variant.manualButton : 'mfa.wizard.next')}
            </Button>
            {cancel}
          </Group>
        </WizardStep>
      );
    }
    case 'code':
      return (
        <WizardStep title={t('mfa.app.codeTitle')} step={4} total={4}>
          <CodeForm
            help={<Text mb="sm">{t('mfa.app.codeHelp')}</Text>}
            value={state.code}
            onChange={(value) => dispatch({ type: 'code', value })}
            onSubmit={verify}
            verifying={state.verifying}
          />
          <Group>
            {back}
            {cancel}
          </Group>
        </WizardStep>
      );
  }
}
