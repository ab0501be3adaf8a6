import type { EnrollmentResponse } from '../../../../generated/model';
import type { FactorKindOf } from '../factorKinds';
import type { FactorCalls } from './factorApi';
import { wizardKit, type Transition, type Waiting, type WizardMachine } from './wizardMachine';

/** Wait before offering to send the email again (spec section 9). */
export const EMAIL_RESEND_AFTER_MS = 10_000;

export type EmailState = ({ step: 'intro' } | { step: 'code'; factorId: string; resendDue: boolean }) & Waiting<FactorCalls>;

export type EmailEvent =
  | { type: 'send' }
  | { type: 'sent'; answer: EnrollmentResponse }
  | { type: 'sendFailed' }
  | { type: 'resendDue' }
  | { type: 'verify'; passCode: string }
  | { type: 'verified' }
  | { type: 'verifyFailed' };

const { go, stay, request } = wizardKit<EmailState, EmailEvent, FactorCalls>();

/** Email enrollment: intro, 'Send me the code', then the code sent to `email` (the user's primary one). */
export function emailWizardMachine(kind: FactorKindOf<'email'>, email: string): WizardMachine<EmailState, EmailEvent, FactorCalls> {
  const transition = (state: EmailState, event: EmailEvent): Transition<EmailState, EmailEvent, FactorCalls> => {
    switch (event.type) {
      case 'send':
        if (state.pending) return stay(state);
        return request(
          state,
          'enrollEmailFactor',
          { factorType: kind.factorType, provider: kind.provider, email },
          { done: (answer) => ({ type: 'sent', answer }), failed: () => ({ type: 'sendFailed' }) },
        );
      case 'sent':
        if (!event.answer.id) return go({ ...state, pending: undefined });
        // Each send starts the wait for Send again over.
        return go(
          { step: 'code', factorId: event.answer.id, resendDue: false },
          { type: 'startTimer', timer: 'resend', ms: EMAIL_RESEND_AFTER_MS, event: { type: 'resendDue' } },
        );
      case 'resendDue':
        return state.step === 'code' ? go({ ...state, resendDue: true }) : stay(state);
      case 'verify':
        if (state.step !== 'code' || state.pending) return stay(state);
        return request(
          state,
          'activateFactor',
          { factorId: state.factorId, data: { passCode: event.passCode } },
          { done: () => ({ type: 'verified' }), failed: () => ({ type: 'verifyFailed' }) },
        );
      case 'verified':
        return go(state, { type: 'finish', message: kind.texts.success });
      // A failure, or an answer without a status: the wizard stays where it is (spec section 8).
      case 'sendFailed':
      case 'verifyFailed':
        return go({ ...state, pending: undefined });
    }
  };

  return { steps: ['intro', 'code'], initial: { step: 'intro' }, transition };
}
