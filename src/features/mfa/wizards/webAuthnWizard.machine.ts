import type { ActivateFactorRequest, EnrollmentResponse } from '../../../../generated/model';
import { hasStatus } from '../../../shared/factorAnswers';
import type { FactorKindOf } from '../factorKinds';
import { go, stay, type Transition, type WizardMachine } from './wizardMachine';

/**
 * One step, Enroll, going through the server's enrolment, the browser's prompt and the
 * activation; any failure or refusal ends in the spec's error box, with a way to try again.
 */
export type WebAuthnState =
  | { step: 'enroll'; phase: 'ready' }
  | { step: 'enroll'; phase: 'enrolling' }
  | { step: 'enroll'; phase: 'creating'; factorId: string }
  | { step: 'enroll'; phase: 'activating' }
  | { step: 'enroll'; phase: 'failed' };

export type WebAuthnEvent =
  | { type: 'start' }
  | { type: 'enrolled'; answer: EnrollmentResponse }
  | { type: 'created'; credential: ActivateFactorRequest }
  | { type: 'activated'; answer: EnrollmentResponse }
  | { type: 'failed' };

const failed: WebAuthnState = { step: 'enroll', phase: 'failed' };

/** Whether the wizard is busy with the server or the browser (Enroll and Cancel wait). */
export const isWorking = (state: WebAuthnState) => state.phase !== 'ready' && state.phase !== 'failed';

/** Security key or biometric (FIDO WebAuthn). */
export function webAuthnWizardMachine(kind: FactorKindOf<'webauthn'>): WizardMachine<WebAuthnState, WebAuthnEvent> {
  const transition = (state: WebAuthnState, event: WebAuthnEvent): Transition<WebAuthnState, WebAuthnEvent> => {
    switch (event.type) {
      case 'start':
        if (isWorking(state)) return stay(state);
        return go(
          { step: 'enroll', phase: 'enrolling' },
          {
            type: 'enrollFactor',
            data: { factorType: kind.factorType, provider: kind.provider },
            done: (answer) => ({ type: 'enrolled', answer }),
            failed: () => ({ type: 'failed' }),
          },
        );
      case 'enrolled': {
        if (state.phase !== 'enrolling') return stay(state);
        const activation = event.answer._embedded?.activation;
        // An enrolment answered without a status failed (spec section 8): no credential is made for it.
        if (!event.answer.id || !activation || !hasStatus(event.answer)) return go(failed);
        return go(
          { step: 'enroll', phase: 'creating', factorId: event.answer.id },
          { type: 'createCredential', activation, done: (credential) => ({ type: 'created', credential }), failed: () => ({ type: 'failed' }) },
        );
      }
      case 'created':
        if (state.phase !== 'creating') return stay(state);
        return go(
          { step: 'enroll', phase: 'activating' },
          {
            type: 'activateFactor',
            factorId: state.factorId,
            data: event.credential,
            done: (answer) => ({ type: 'activated', answer }),
            failed: () => ({ type: 'failed' }),
          },
        );
      case 'activated':
        if (state.phase !== 'activating') return stay(state);
        return hasStatus(event.answer) ? go(state, { type: 'finish', message: kind.texts.success }) : go(failed);
      case 'failed':
        return isWorking(state) ? go(failed) : stay(state);
    }
  };

  return {
    steps: ['enroll'],
    initial: { step: 'enroll', phase: 'ready' },
    transition,
    // Every failure ends in the same box; no toasts on top of it.
    showsCallFailures: true,
  };
}
