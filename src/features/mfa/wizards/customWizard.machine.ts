import type { CustomTotpSecretResponse } from '../../../../generated/model';
import type { FactorKindOf } from '../factorKinds';
import { parseOtpContent } from '../otpContent';
import type { AppView } from './appWizard.machine';
import type { FactorCalls } from './factorApi';
import { wizardKit, type Transition, type Waiting, type WizardMachine } from './wizardMachine';

/** The secret to scan or type: its otpauth address, and the secret and issuer read from it. */
interface Otp {
  otpContent: string;
  secret: string;
  issuer: string;
}

/** The secret, once answered (while asked for, the state waits for `getCustomTotpSecret`). */
type SecretState = { status: 'failed' } | ({ status: 'ready' } & Otp);

/** The secret, once asked for, is kept (in this state only) until the wizard is left. */
export type CustomState = (
  { step: 'intro'; secret?: SecretState } | { step: 'scan'; view: AppView; secret?: SecretState } | { step: 'code'; view: AppView; otp: Otp }
) &
  Waiting<FactorCalls>;

export type CustomEvent =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'view'; view: AppView }
  | { type: 'secretLoaded'; answer: CustomTotpSecretResponse }
  | { type: 'secretFailed' }
  /** `enteredAt`: when the code was entered, which the server checks it against. */
  | { type: 'verify'; passCode: string; enteredAt: number }
  | { type: 'verified' }
  | { type: 'verifyFailed' };

const ready = ({ otpContent, secret, issuer }: Otp): SecretState => ({ status: 'ready', otpContent, secret, issuer });

const { go, stay, request } = wizardKit<CustomState, CustomEvent, FactorCalls>();

/** The university's own authenticator (CUSTOM token:hotp): intro, barcode or secret, then the code. */
export function customWizardMachine(kind: FactorKindOf<'custom'>): WizardMachine<CustomState, CustomEvent, FactorCalls> {
  const transition = (state: CustomState, event: CustomEvent): Transition<CustomState, CustomEvent, FactorCalls> => {
    switch (event.type) {
      case 'next':
        if (state.step === 'intro') {
          // A secret already there (or on its way) is the one to scan; a failed one is asked for again.
          const { secret, pending } = state;
          if (secret?.status === 'ready' || pending) return go({ step: 'scan', view: 'barcode', secret, pending });
          return request({ step: 'scan', view: 'barcode' }, 'getCustomTotpSecret', undefined, {
            done: (answer) => ({ type: 'secretLoaded', answer }),
            failed: () => ({ type: 'secretFailed' }),
          });
        }
        if (state.step === 'scan' && state.secret?.status === 'ready') return go({ step: 'code', view: state.view, otp: state.secret });
        return stay(state);
      case 'back':
        if (state.step === 'scan') return go({ step: 'intro', secret: state.secret, pending: state.pending });
        if (state.step === 'code') return go({ step: 'scan', view: state.view, secret: ready(state.otp) });
        return stay(state);
      case 'view':
        return state.step === 'scan' ? go({ ...state, view: event.view }) : stay(state);
      case 'secretLoaded': {
        if (state.step === 'code') return stay(state);
        const otp = parseOtpContent(event.answer.data.otpContent);
        return go({ ...state, pending: undefined, secret: otp ? ready({ otpContent: event.answer.data.otpContent, ...otp }) : { status: 'failed' } });
      }
      case 'secretFailed':
        return state.step === 'code' ? stay(state) : go({ ...state, pending: undefined, secret: { status: 'failed' } });
      case 'verify':
        if (state.step !== 'code' || state.pending) return stay(state);
        return request(
          state,
          'enrollCustomTotp',
          { issuer: state.otp.issuer, secret: state.otp.secret, passCode: event.passCode, timestamp: event.enteredAt },
          { done: () => ({ type: 'verified' }), failed: () => ({ type: 'verifyFailed' }) },
        );
      case 'verified':
        return go(state, { type: 'finish', message: kind.texts.success });
      // A failure, or an answer without a status: the wizard stays on the code (spec section 8).
      case 'verifyFailed':
        return go({ ...state, pending: undefined });
    }
  };

  return {
    steps: ['intro', 'scan', 'code'],
    initial: { step: 'intro' },
    transition,
    back: { from: ['scan', 'code'], event: { type: 'back' } },
  };
}
