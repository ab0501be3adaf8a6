import type { CustomTotpSecretResponse, OperationStatus } from '../../../../generated/model';
import { hasStatus } from '../../../shared/factorAnswers';
import type { FactorKindOf } from '../factorKinds';
import { parseOtpContent } from '../otpContent';
import type { AppView } from './appWizard.machine';
import { go, stay, type Transition, type WizardMachine } from './wizardMachine';

/** The secret to scan or type: its otpauth address, and the secret and issuer read from it. */
interface Otp {
  otpContent: string;
  secret: string;
  issuer: string;
}

type SecretState = { status: 'loading' } | { status: 'failed' } | ({ status: 'ready' } & Otp);

/** The secret, once asked for, is kept (in this state only) until the wizard is left. */
export type CustomState =
  | { step: 'intro'; secret?: SecretState }
  | { step: 'scan'; view: AppView; secret: SecretState }
  | { step: 'code'; view: AppView; otp: Otp; verifying: boolean };

export type CustomEvent =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'view'; view: AppView }
  | { type: 'secretLoaded'; answer: CustomTotpSecretResponse }
  | { type: 'secretFailed' }
  /** `enteredAt`: when the code was entered, which the server checks it against. */
  | { type: 'verify'; passCode: string; enteredAt: number }
  | { type: 'verified'; answer: OperationStatus }
  | { type: 'verifyFailed' };

const ready = ({ otpContent, secret, issuer }: Otp): SecretState => ({ status: 'ready', otpContent, secret, issuer });

/** The university's own authenticator (CUSTOM token:hotp): intro, barcode or secret, then the code. */
export function customWizardMachine(kind: FactorKindOf<'custom'>): WizardMachine<CustomState, CustomEvent> {
  const transition = (state: CustomState, event: CustomEvent): Transition<CustomState, CustomEvent> => {
    switch (event.type) {
      case 'next':
        if (state.step === 'intro') {
          // A secret already there (or on its way) is the one to scan; a failed one is asked for again.
          if (state.secret && state.secret.status !== 'failed') return go({ step: 'scan', view: 'barcode', secret: state.secret });
          return go(
            { step: 'scan', view: 'barcode', secret: { status: 'loading' } },
            { type: 'getCustomTotpSecret', done: (answer) => ({ type: 'secretLoaded', answer }), failed: () => ({ type: 'secretFailed' }) },
          );
        }
        if (state.step === 'scan' && state.secret.status === 'ready')
          return go({ step: 'code', view: state.view, otp: state.secret, verifying: false });
        return stay(state);
      case 'back':
        if (state.step === 'scan') return go({ step: 'intro', secret: state.secret });
        if (state.step === 'code') return go({ step: 'scan', view: state.view, secret: ready(state.otp) });
        return stay(state);
      case 'view':
        return state.step === 'scan' ? go({ ...state, view: event.view }) : stay(state);
      case 'secretLoaded': {
        if (state.step === 'code' || state.secret?.status !== 'loading') return stay(state);
        const otp = parseOtpContent(event.answer.data.otpContent);
        return go({ ...state, secret: otp ? ready({ otpContent: event.answer.data.otpContent, ...otp }) : { status: 'failed' } });
      }
      case 'secretFailed':
        return state.step !== 'code' && state.secret?.status === 'loading' ? go({ ...state, secret: { status: 'failed' } }) : stay(state);
      case 'verify':
        if (state.step !== 'code' || state.verifying) return stay(state);
        return go(
          { ...state, verifying: true },
          {
            type: 'enrollCustomTotp',
            data: { issuer: state.otp.issuer, secret: state.otp.secret, passCode: event.passCode, timestamp: event.enteredAt },
            done: (answer) => ({ type: 'verified', answer }),
            failed: () => ({ type: 'verifyFailed' }),
          },
        );
      case 'verified':
        if (state.step !== 'code' || !state.verifying) return stay(state);
        // An answer without a status enrolled nothing: the wizard stays, silently (spec section 8).
        return hasStatus(event.answer) ? go(state, { type: 'finish', message: kind.texts.success }) : go({ ...state, verifying: false });
      case 'verifyFailed':
        return state.step === 'code' ? go({ ...state, verifying: false }) : stay(state);
    }
  };

  return {
    steps: ['intro', 'scan', 'code'],
    initial: { step: 'intro' },
    transition,
    back: { from: ['scan', 'code'], event: { type: 'back' } },
  };
}
