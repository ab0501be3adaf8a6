import { Alert, Anchor, Button, Group, Image, Loader, Radio, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useT } from '../../../messages/pageTexts';
import { config } from '../../../shared/config/config';
import type { Device, FactorKindOf } from '../factorKinds';
import { useActivationPoll, type PollOutcome } from './activationPoll';
import { appWizardMachine, type AppEvent, type AppState, type Enrollment } from './appWizard.machine';
import { CodeForm } from './CodeForm';
import { displayableImage } from './barcode';
import { factorApi } from './factorApi';
import { SecretKey } from './SecretKey';
import { useWizard, type WizardRun } from './useWizard';
import { WizardStep } from './WizardStep';

const isDevice = (value: string): value is Device => value === 'iphone' || value === 'android';

/** The barcode, when the page may show it and it loads; otherwise why there is none. */
function Barcode({ enrollment }: { enrollment: Enrollment }) {
  const t = useT();
  const src = displayableImage(enrollment.qrCode, { origin: window.location.origin, oktaOrgUrl: config.oktaOrgUrl });
  // Keyed by the image, so a new enrollment's barcode gets its own try.
  const [failed, setFailed] = useState<string>();
  if (src && failed !== src) {
    return <Image src={src} alt={t('mfa.app.qrAlt')} w={200} h={200} fit="contain" onError={() => setFailed(src)} />;
  }
  // No barcode the page may show (none came, it is on a host config.json does not name, or it
  // would not load): say so instead of leaving a gap.
  return (
    <Alert color="yellow" role="status">
      {t('mfa.app.qrUnavailable')}
    </Alert>
  );
}

type AppWizardRun = WizardRun<AppState, AppEvent>;

/** Which phone the person has, for the right store's link. */
function DeviceStep({ wizard, kind, state }: { wizard: AppWizardRun; kind: FactorKindOf<'app'>; state: Extract<AppState, { step: 'device' }> }) {
  const t = useT();
  const { dispatch } = wizard;
  const store = kind.stores[state.device];
  return (
    <WizardStep
      wizard={wizard}
      title={t('mfa.app.deviceTitle')}
      actions={<Button onClick={() => dispatch({ type: 'next' })}>{t('mfa.wizard.next')}</Button>}
    >
      <Radio.Group
        value={state.device}
        onChange={(value) => isDevice(value) && dispatch({ type: 'device', device: value })}
        label={t('mfa.app.deviceTitle')}
      >
        <Group mt="xs">
          <Radio value="iphone" label={t('mfa.app.iphone')} />
          <Radio value="android" label={t('mfa.app.android')} />
        </Group>
      </Radio.Group>
      <Text>
        <Anchor href={store.href} target="_blank" rel="noopener noreferrer">
          {t(kind.texts.getApp, { store: t(store.store) })}
        </Anchor>
      </Text>
    </WizardStep>
  );
}

/** The barcode (or the key typed by hand) from the enrollment, and, for push, the wait for the phone's answer. */
function ScanStep({ wizard, kind, state }: { wizard: AppWizardRun; kind: FactorKindOf<'app'>; state: Extract<AppState, { step: 'scan' }> }) {
  const t = useT();
  const { dispatch } = wizard;
  const { enrollment, view } = state;
  const ready = enrollment?.status === 'ready' ? enrollment : undefined;
  const next = (
    <Button onClick={() => dispatch({ type: 'next' })} disabled={!ready}>
      {t(view === 'manual' ? kind.texts.manualButton : 'mfa.wizard.next')}
    </Button>
  );
  return (
    <WizardStep wizard={wizard} title={t(view === 'barcode' ? 'mfa.app.scanTitle' : 'mfa.app.manualTitle')} actions={next}>
      {state.pending === 'enrollFactor' && (
        <Group role="status">
          <Loader size="sm" aria-hidden />
          {t('mfa.app.enrolling')}
        </Group>
      )}
      {enrollment?.status === 'failed' && <Alert color="red">{t('mfa.app.enrollFailed')}</Alert>}
      {kind.pollsActivation && ready?.activation === 'waiting' && (
        <Group role="status">
          <Loader size="sm" aria-hidden />
          {t('mfa.push.waiting')}
        </Group>
      )}
      {(ready?.activation === 'timeout' || ready?.activation === 'failed') && (
        <Alert color="red" role="alert" title={t(ready.activation === 'timeout' ? 'mfa.activationTimeout' : 'error.network')}>
          {ready.activation === 'timeout' && (
            <Button mt="xs" size="xs" variant="default" onClick={() => dispatch({ type: 'resend' })}>
              {t('mfa.push.resend')}
            </Button>
          )}
        </Alert>
      )}
      {ready && view === 'barcode' && (
        <>
          <Text>{t('mfa.app.scanHelp')}</Text>
          <Barcode enrollment={ready.enrollment} />
          <Anchor component="button" type="button" onClick={() => dispatch({ type: 'view', view: 'manual' })}>
            {t('mfa.app.cantScan')}
          </Anchor>
        </>
      )}
      {ready && view === 'manual' && <SecretKey secret={ready.enrollment.secret} onScanInstead={() => dispatch({ type: 'view', view: 'barcode' })} />}
    </WizardStep>
  );
}

/** The app-based wizards (authenticator app, Okta Verify push and code): intro, device, barcode or key, code. */
export function AppWizard({ kind }: { kind: FactorKindOf<'app'> }) {
  const t = useT();
  const machine = useMemo(() => appWizardMachine(kind), [kind]);
  const wizard = useWizard(machine, factorApi);
  const { state, dispatch } = wizard;
  // Push: the activation, polled while the barcode step waits for it.
  const polled = useCallback((outcome: Exclude<PollOutcome, 'waiting'>) => dispatch({ type: 'polled', outcome }), [dispatch]);
  useActivationPoll(machine.poll?.target(state), polled);

  switch (state.step) {
    case 'intro':
      return (
        <WizardStep
          wizard={wizard}
          title={t(kind.texts.title)}
          actions={<Button onClick={() => dispatch({ type: 'next' })}>{t(kind.texts.start)}</Button>}
        >
          <Text>{t(kind.texts.intro)}</Text>
        </WizardStep>
      );
    case 'device':
      return <DeviceStep wizard={wizard} kind={kind} state={state} />;
    case 'scan':
      return <ScanStep wizard={wizard} kind={kind} state={state} />;
    case 'code':
      return (
        <WizardStep wizard={wizard} title={t('mfa.app.codeTitle')}>
          <CodeForm
            help={<Text mb="sm">{t('mfa.app.codeHelp')}</Text>}
            verifying={state.pending === 'activateFactor'}
            onVerify={(passCode) => dispatch({ type: 'verify', passCode })}
          />
        </WizardStep>
      );
  }
}
