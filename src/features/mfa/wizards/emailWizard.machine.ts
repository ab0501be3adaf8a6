import type { EnrollmentResponse } from '../../../../generated/model';
import { hasStatus } from '../../../shared/factorAnswers';
import type { FactorKindOf } from '../factorKinds';
import { go, stay, type Transition, type WizardMachine } from './wizardMachine';

/** Wait before offering to send the email again (spec section 9). */
export const EMAIL_RESEND_AFTER_MS = 10_000;

export type EmailState =
  { step: 'intro'; sending: boolean } | { step: 'code'; factorId: string; call: 'none' | 'sending' | 'verifying'; resendDue: boolean };

export type EmailEvent =
  | { type: 'send' }
  | { type: 'sent'; answer: EnrollmentResponse }
  | { type: 'sendFailed' }
  | { type: 'resendDue' }
  | { type: 'verify'; passCode: string }
  | { type: 'verified'; answer: EnrollmentResponse }
  | { type: 'verifyFailed' };

/** Email enrolment: intro, 'Send me the code', then the code sent to `email` (the user's primary one). */
export function emailWizardMachine(kind: FactorKindOf<'email'>, email: string): WizardMachine<EmailState, EmailEvent> {
  const send = (state: EmailState): Transition<EmailState, EmailEvent> =>
    go(state.step === 'intro' ? { ...state, sending: true } : { ...state, call: 'sending' }, {
      type: 'enrollEmailFactor',
      data: { factorType: kind.factorType, provider: kind.provider, email },
      done: (answer) => ({ type: 'sent', answer }),
      failed: () => ({ type: 'sendFailed' }),
    });

  const transition = (state: EmailState, event: EmailEvent): Transition<EmailState, EmailEvent> => {
    const sending = state.step === 'intro' ? state.sending : state.call === 'sending';
    const busy = state.step === 'intro' ? state.sending : state.call !== 'none';
    switch (event.type) {
      case 'send':
        return busy ? stay(state) : send(state);
      case 'sent':
        if (!sending) return stay(state);
        // An answer without a status sent nothing (spec section 8).
        if (!event.answer.id || !hasStatus(event.answer))
          return go(state.step === 'intro' ? { ...state, sending: false } : { ...state, call: 'none' });
        // Each send starts the wait for Send again over.
        return go(
          { step: 'code', factorId: event.answer.id, call: 'none', resendDue: false },
          { type: 'startTimer', timer: 'resend', ms: EMAIL_RESEND_AFTER_MS, event: { type: 'resendDue' } },
        );
      case 'sendFailed':
        if (!sending) return stay(state);
        return go(state.step === 'intro' ? { ...state, sending: false } : { ...state, call: 'none' });
      case 'resendDue':
        return state.step === 'code' ? go({ ...state, resendDue: true }) : stay(state);
      case 'verify':
        if (state.step !== 'code' || state.call !== 'none') return stay(state);
        return go(
          { ...state, call: 'verifying' },
          {
            type: 'activateFactor',
            factorId: state.factorId,
            data: { passCode: event.passCode },
            done: (answer) => ({ type: 'verified', answer }),
            failed: () => ({ type: 'verifyFailed' }),
          },
        );
      case 'verified':
        if (state.step !== 'code' || state.call !== 'verifying') return stay(state);
        // An answer without a status is no activation: the wizard stays, silently (spec section 8).
        return hasStatus(event.answer) ? go(state, { type: 'finish', message: kind.texts.success }) : go({ ...state, call: 'none' });
      case 'verifyFailed':
        return state.step === 'code' && state.call === 'verifying' ? go({ ...state, call: 'none' }) : stay(state);
    }
  };

  return { steps: ['intro', 'code'], initial: { step: 'intro', sending: false }, transition };
}
