import type { EnrollmentResponse } from '../../../../generated/model';
import { hasStatus } from '../../../shared/factorAnswers';
import type { Device, FactorKindOf } from '../factorKinds';
import type { PollOutcome } from './activationPoll';
import { qrCodeOf } from './enrolment';
import { go, stay, type Command, type Transition, type WizardMachine } from './wizardMachine';

/** Barcode, or the secret key for those who cannot scan. */
export type AppView = 'barcode' | 'manual';

/** What an enrolment brought: the factor, and what to scan or type. */
export interface Enrolment {
  factorId: string;
  secret?: string;
  /** As the server gave it; the page decides whether it may show it. */
  qrCode?: string;
}

/** Push: whether the app has confirmed yet. */
type PushActivation = 'waiting' | 'active' | 'timeout' | 'failed';

/** The enrolment of the barcode step: asked for, refused, or there. */
type EnrolmentState = { status: 'requested' } | { status: 'failed' } | { status: 'ready'; enrolment: Enrolment; activation: PushActivation };

/** Kept through every step: the phone chosen, and how many enrolments were asked for. */
interface Kept {
  device: Device;
  /** Numbers the enrolments, so an answer to an abandoned one is told from the current one's. */
  attempt: number;
}

export type AppState =
  | (Kept & { step: 'intro' })
  | (Kept & { step: 'device' })
  | (Kept & { step: 'scan'; view: AppView; enrolment: EnrolmentState })
  | (Kept & { step: 'code'; view: AppView; enrolment: Enrolment; verifying: boolean });

export type AppEvent =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'device'; device: Device }
  | { type: 'view'; view: AppView }
  | { type: 'enrolled'; attempt: number; answer: EnrollmentResponse }
  | { type: 'enrolFailed'; attempt: number }
  /** After an activation timeout: a fresh enrolment and barcode. */
  | { type: 'resend' }
  | { type: 'polled'; outcome: Exclude<PollOutcome, 'waiting'> }
  | { type: 'verify'; passCode: string }
  | { type: 'verified'; answer: EnrollmentResponse }
  | { type: 'verifyFailed' };

type Step<K extends AppState['step']> = Extract<AppState, { step: K }>;

/** The barcode step: the enrolment's answer, the view (barcode or key), push's poll, Next and Back. */
function scanStep(
  kind: FactorKindOf<'app'>,
  state: Step<'scan'>,
  event: AppEvent,
  enrol: (kept: Kept) => Transition<AppState, AppEvent>,
): Transition<AppState, AppEvent> {
  const { enrolment } = state;
  switch (event.type) {
    case 'enrolled': {
      if (event.attempt !== state.attempt || enrolment.status !== 'requested') return stay(state);
      const { answer } = event;
      // An answer without a status is no enrolment (spec section 8).
      if (!answer.id || !hasStatus(answer)) return go({ ...state, enrolment: { status: 'failed' } });
      const ready: Enrolment = { factorId: answer.id, secret: answer._embedded?.activation?.sharedSecret, qrCode: qrCodeOf(answer) };
      return go({ ...state, enrolment: { status: 'ready', enrolment: ready, activation: 'waiting' } });
    }
    case 'enrolFailed':
      return event.attempt === state.attempt && enrolment.status === 'requested' ? go({ ...state, enrolment: { status: 'failed' } }) : stay(state);
    case 'view':
      if (event.view === 'barcode' && state.view === 'manual' && kind.reenrolsOnBarcode) return enrol(state);
      return go({ ...state, view: event.view });
    case 'resend':
      return enrol(state);
    case 'polled': {
      if (enrolment.status !== 'ready' || enrolment.activation !== 'waiting') return stay(state);
      const next = go<AppState, AppEvent>({ ...state, enrolment: { ...enrolment, activation: event.outcome } });
      return event.outcome === 'active' ? go(next.state, { type: 'finish', message: kind.texts.success }) : next;
    }
    case 'next':
      if (enrolment.status !== 'ready') return stay(state);
      return go({ ...state, step: 'code', enrolment: enrolment.enrolment, verifying: false });
    case 'back':
      return go({ step: 'device', device: state.device, attempt: state.attempt });
    default:
      return stay(state);
  }
}

/** The code step: Verify sends the code once at a time; the server says whether it is right. */
function codeStep(kind: FactorKindOf<'app'>, state: Step<'code'>, event: AppEvent): Transition<AppState, AppEvent> {
  switch (event.type) {
    case 'back':
      return go({
        step: 'scan',
        device: state.device,
        attempt: state.attempt,
        view: state.view,
        enrolment: { status: 'ready', enrolment: state.enrolment, activation: 'waiting' },
      });
    case 'verify':
      // The spec checks no code here: the server says whether it is right.
      if (state.verifying) return stay(state);
      return go(
        { ...state, verifying: true },
        {
          type: 'activateFactor',
          factorId: state.enrolment.factorId,
          data: { passCode: event.passCode },
          done: (answer) => ({ type: 'verified', answer }),
          failed: () => ({ type: 'verifyFailed' }),
        },
      );
    case 'verified':
      // An answer without a status is no activation: the wizard stays, silently (spec section 8).
      if (!hasStatus(event.answer)) return go({ ...state, verifying: false });
      return go(state, { type: 'finish', message: kind.texts.success });
    case 'verifyFailed':
      return go({ ...state, verifying: false });
    default:
      return stay(state);
  }
}

/**
 * The app-based wizards (authenticator app, Okta Verify push and code): intro, device (with its
 * store link), barcode or secret key, code. Entering the barcode step asks for an enrolment.
 */
export function appWizardMachine(kind: FactorKindOf<'app'>): WizardMachine<AppState, AppEvent> {
  const enrol = ({ device, attempt: previous }: Kept): Transition<AppState, AppEvent> => {
    const attempt = previous + 1;
    const request: Command<AppEvent> = {
      type: 'enrollFactor',
      data: { factorType: kind.factorType, provider: kind.provider },
      done: (answer) => ({ type: 'enrolled', attempt, answer }),
      failed: () => ({ type: 'enrolFailed', attempt }),
    };
    return go({ step: 'scan', device, attempt, view: 'barcode', enrolment: { status: 'requested' } }, request);
  };

  const transition = (state: AppState, event: AppEvent): Transition<AppState, AppEvent> => {
    switch (state.step) {
      case 'intro':
        return event.type === 'next' ? go({ ...state, step: 'device' }) : stay(state);

      case 'device':
        if (event.type === 'device') return go({ ...state, device: event.device });
        if (event.type === 'back') return go({ ...state, step: 'intro' });
        // Each visit to the barcode step is a new enrolment.
        if (event.type === 'next') return enrol(state);
        return stay(state);

      case 'scan':
        return scanStep(kind, state, event, enrol);

      case 'code':
        return codeStep(kind, state, event);
    }
  };

  return {
    steps: ['intro', 'device', 'scan', 'code'],
    initial: { step: 'intro', device: 'iphone', attempt: 0 },
    transition,
    back: { from: ['device', 'scan', 'code'], event: { type: 'back' } },
    poll: kind.pollsActivation
      ? {
          target: (state) =>
            state.step === 'scan' && state.enrolment.status === 'ready' && state.enrolment.activation === 'waiting'
              ? { factorId: state.enrolment.enrolment.factorId, attempt: state.attempt }
              : undefined,
          ended: (outcome) => ({ type: 'polled', outcome }),
        }
      : undefined,
  };
}
