import type { ActivateFactorRequest, EnrollmentResponse } from '../../../../generated/model';
import type { FactorKindOf } from '../factorKinds';
import type { FactorCalls } from './factorApi';
import { wizardKit, type Transition, type Waiting, type WizardMachine } from './wizardMachine';

/**
 * One step, Enroll, going through the server's enrollment (`enrollFactor`), the browser's
 * prompt (`createCredential`) and the activation (`activateFactor`); any failure or refusal
 * ends in the spec's error box (`failed`), with a way to try again.
 */
export type WebAuthnState = { step: 'enroll'; failed?: true } & Waiting<FactorCalls>;

export type WebAuthnEvent =
  | { type: 'start' }
  | { type: 'enrolled'; answer: EnrollmentResponse }
  | { type: 'created'; factorId: string; credential: ActivateFactorRequest }
  | { type: 'activated' }
  | { type: 'failed' };

const FAILED: WebAuthnState = { step: 'enroll', failed: true };

/** Whether the wizard is busy with the server or the browser (Enroll and Cancel wait). */
export const isWorking = (state: WebAuthnState) => state.pending !== undefined;

const { go, stay, request } = wizardKit<WebAuthnState, WebAuthnEvent, FactorCalls>();
const failed = (): WebAuthnEvent => ({ type: 'failed' });

/** Security key or biometric (FIDO WebAuthn). */
export function webAuthnWizardMachine(kind: FactorKindOf<'webauthn'>): WizardMachine<WebAuthnState, WebAuthnEvent, FactorCalls> {
  const transition = (state: WebAuthnState, event: WebAuthnEvent): Transition<WebAuthnState, WebAuthnEvent, FactorCalls> => {
    switch (event.type) {
      case 'start':
        if (isWorking(state)) return stay(state);
        return request(
          { step: 'enroll' },
          'enrollFactor',
          { factorType: kind.factorType, provider: kind.provider },
          { done: (answer) => ({ type: 'enrolled', answer }), failed },
        );
      case 'enrolled': {
        const { id: factorId, _embedded } = event.answer;
        const activation = _embedded?.activation;
        // No credential is made for an enrollment without the factor or its activation options.
        if (!factorId || !activation) return go(FAILED);
        return request(state, 'createCredential', activation, { done: (credential) => ({ type: 'created', factorId, credential }), failed });
      }
      case 'created':
        return request(
          state,
          'activateFactor',
          { factorId: event.factorId, data: event.credential },
          { done: () => ({ type: 'activated' }), failed },
        );
      case 'activated':
        return go(state, { type: 'finish', message: kind.texts.success });
      // A failure, a refusal, or an answer without a status (spec section 8).
      case 'failed':
        return go(FAILED);
    }
  };

  return {
    steps: ['enroll'],
    initial: { step: 'enroll' },
    transition,
    // Every failure ends in the same box; no toasts on top of it.
    showsCallFailures: true,
  };
}
