import type { EnrollmentResponse } from '../../../../generated/model';
import type { Device, FactorKindOf } from '../factorKinds';
import type { PollOutcome, PollTarget } from './activationPoll';
import { qrCodeOf } from './barcode';
import type { FactorCalls } from './factorApi';
import { wizardKit, type Transition, type Waiting, type WizardMachine } from './wizardMachine';

/** Barcode, or the secret key for those who cannot scan. */
export type AppView = 'barcode' | 'manual';

/** What an enrollment brought: the factor, and what to scan or type. */
export interface Enrollment {
  factorId: string;
  secret?: string;
  /** As the server gave it; the page decides whether it may show it. */
  qrCode?: string;
}

/** Push: whether the app has confirmed yet. */
type PushActivation = 'waiting' | 'active' | 'timeout' | 'failed';

/** The enrollment of the barcode step, once answered (while asked for, the state waits for `enrollFactor`). */
type EnrollmentState = { status: 'failed' } | { status: 'ready'; enrollment: Enrollment; activation: PushActivation };

/** Kept through every step: the phone chosen, and how many enrollments were asked for. */
interface Kept extends Waiting<FactorCalls> {
  device: Device;
  /** Numbers the enrollments, so one enrollment's activation poll is told from the next's. */
  enrollments: number;
}

export type AppState =
  | (Kept & { step: 'intro' })
  | (Kept & { step: 'device' })
  | (Kept & { step: 'scan'; view: AppView; enrollment?: EnrollmentState })
  | (Kept & { step: 'code'; view: AppView; enrollment: Enrollment });

export type AppEvent =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'device'; device: Device }
  | { type: 'view'; view: AppView }
  | { type: 'enrolled'; answer: EnrollmentResponse }
  | { type: 'enrollFailed' }
  /** After an activation timeout: a fresh enrollment and barcode. */
  | { type: 'resend' }
  | { type: 'polled'; outcome: Exclude<PollOutcome, 'waiting'> }
  | { type: 'verify'; passCode: string }
  | { type: 'verified' }
  | { type: 'verifyFailed' };

type Step<K extends AppState['step']> = Extract<AppState, { step: K }>;
type AppTransition = Transition<AppState, AppEvent, FactorCalls>;

const { go, stay, request } = wizardKit<AppState, AppEvent, FactorCalls>();

/** The barcode step: the enrollment's answer, the view (barcode or key), push's poll, Next and Back. */
function scanStep(kind: FactorKindOf<'app'>, state: Step<'scan'>, event: AppEvent, enroll: (kept: Kept) => AppTransition): AppTransition {
  const { enrollment } = state;
  switch (event.type) {
    case 'enrolled': {
      const { answer } = event;
      if (!answer.id) return go({ ...state, pending: undefined, enrollment: { status: 'failed' } });
      const ready: Enrollment = { factorId: answer.id, secret: answer._embedded?.activation?.sharedSecret, qrCode: qrCodeOf(answer) };
      return go({ ...state, pending: undefined, enrollment: { status: 'ready', enrollment: ready, activation: 'waiting' } });
    }
    case 'enrollFailed':
      return go({ ...state, pending: undefined, enrollment: { status: 'failed' } });
    case 'view':
      if (event.view === 'barcode' && state.view === 'manual' && kind.reenrollsOnBarcode) return enroll(state);
      return go({ ...state, view: event.view });
    case 'resend':
      return enroll(state);
    case 'polled': {
      if (enrollment?.status !== 'ready' || enrollment.activation !== 'waiting') return stay(state);
      const next = go({ ...state, enrollment: { ...enrollment, activation: event.outcome } });
      return event.outcome === 'active' ? go(next.state, { type: 'finish', message: kind.texts.success }) : next;
    }
    case 'next':
      if (enrollment?.status !== 'ready') return stay(state);
      return go({ step: 'code', device: state.device, enrollments: state.enrollments, view: state.view, enrollment: enrollment.enrollment });
    case 'back':
      return go({ step: 'device', device: state.device, enrollments: state.enrollments });
    default:
      return stay(state);
  }
}

/** The code step: Verify sends the code once at a time; the server says whether it is right. */
function codeStep(kind: FactorKindOf<'app'>, state: Step<'code'>, event: AppEvent): AppTransition {
  switch (event.type) {
    case 'back':
      return go({
        step: 'scan',
        device: state.device,
        enrollments: state.enrollments,
        view: state.view,
        enrollment: { status: 'ready', enrollment: state.enrollment, activation: 'waiting' },
      });
    case 'verify':
      // The spec checks no code here: the server says whether it is right.
      if (state.pending) return stay(state);
      return request(
        state,
        'activateFactor',
        { factorId: state.enrollment.factorId, data: { passCode: event.passCode } },
        { done: () => ({ type: 'verified' }), failed: () => ({ type: 'verifyFailed' }) },
      );
    case 'verified':
      return go(state, { type: 'finish', message: kind.texts.success });
    case 'verifyFailed':
      return go({ ...state, pending: undefined });
    default:
      return stay(state);
  }
}

/**
 * The app-based wizards (authenticator app, Okta Verify push and code): intro, device (with its
 * store link), barcode or secret key, code. Entering the barcode step asks for an enrollment.
 * `poll`: push's activation, which the wizard polls while the barcode step waits for it (its end
 * comes back as `polled`).
 */
export function appWizardMachine(kind: FactorKindOf<'app'>): WizardMachine<AppState, AppEvent, FactorCalls> & {
  poll?: { target(state: AppState): PollTarget | undefined };
} {
  const enroll = ({ device, enrollments }: Kept): AppTransition =>
    request(
      { step: 'scan', device, enrollments: enrollments + 1, view: 'barcode' },
      'enrollFactor',
      { factorType: kind.factorType, provider: kind.provider },
      { done: (answer) => ({ type: 'enrolled', answer }), failed: () => ({ type: 'enrollFailed' }) },
    );

  const transition = (state: AppState, event: AppEvent): AppTransition => {
    switch (state.step) {
      case 'intro':
        return event.type === 'next' ? go({ ...state, step: 'device' }) : stay(state);

      case 'device':
        if (event.type === 'device') return go({ ...state, device: event.device });
        if (event.type === 'back') return go({ ...state, step: 'intro' });
        // Each visit to the barcode step is a new enrollment.
        if (event.type === 'next') return enroll(state);
        return stay(state);

      case 'scan':
        return scanStep(kind, state, event, enroll);

      case 'code':
        return codeStep(kind, state, event);
    }
  };

  return {
    steps: ['intro', 'device', 'scan', 'code'],
    initial: { step: 'intro', device: 'iphone', enrollments: 0 },
    transition,
    back: { from: ['device', 'scan', 'code'], event: { type: 'back' } },
    poll: kind.pollsActivation
      ? {
          target: (state) =>
            state.step === 'scan' && state.enrollment?.status === 'ready' && state.enrollment.activation === 'waiting'
              ? { factorId: state.enrollment.enrollment.factorId, enrollment: state.enrollments }
              : undefined,
        }
      : undefined,
  };
}
