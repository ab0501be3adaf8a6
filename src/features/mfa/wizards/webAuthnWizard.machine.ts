import type { PasskeyRegistration, PasskeyRegistrationOptions } from '../../../../generated/model';
import type { FactorKindOf } from '../factorKinds';
import { passkeyFailure, type PasskeyFailure } from './passkey';
import type { PasskeyCalls } from './passkeyApi';
import { wizardKit, type Transition, type Waiting, type WizardMachine } from './wizardMachine';

/**
 * One step, Add a passkey: the backend's options (`getPasskeyRegistrationOptions`), the browser's
 * prompt (`createPasskey`) and the registration (`registerPasskey`). A failure says what
 * happened (`failed`) and offers to try again; nothing is added then.
 */
export type WebAuthnState = { step: 'enroll'; failed?: PasskeyFailure } & Waiting<PasskeyCalls>;

export type WebAuthnEvent =
  | { type: 'start' }
  | { type: 'options'; options: PasskeyRegistrationOptions }
  | { type: 'created'; registration: PasskeyRegistration }
  | { type: 'registered' }
  | { type: 'failed'; failure: PasskeyFailure };

/** Whether the wizard is busy with the server or the browser (its buttons wait). */
export const isWorking = (state: WebAuthnState) => state.pending !== undefined;

const { go, stay, request } = wizardKit<WebAuthnState, WebAuthnEvent, PasskeyCalls>();
const failed = (error: unknown): WebAuthnEvent => ({ type: 'failed', failure: passkeyFailure(error) });

/** Security key or biometric (FIDO WebAuthn), registered as a passkey. */
export function webAuthnWizardMachine(kind: FactorKindOf<'webauthn'>): WizardMachine<WebAuthnState, WebAuthnEvent, PasskeyCalls> {
  const transition = (state: WebAuthnState, event: WebAuthnEvent): Transition<WebAuthnState, WebAuthnEvent, PasskeyCalls> => {
    switch (event.type) {
      case 'start':
        if (isWorking(state)) return stay(state);
        return request({ step: 'enroll' }, 'getPasskeyRegistrationOptions', undefined, { done: (options) => ({ type: 'options', options }), failed });
      case 'options':
        return request(state, 'createPasskey', event.options, { done: (registration) => ({ type: 'created', registration }), failed });
      case 'created':
        return request(state, 'registerPasskey', event.registration, { done: () => ({ type: 'registered' }), failed });
      case 'registered':
        return go(state, { type: 'finish', message: kind.texts.success });
      case 'failed':
        return go({ step: 'enroll', failed: event.failure });
    }
  };

  return {
    steps: ['enroll'],
    initial: { step: 'enroll' },
    transition,
    // Every failure is said in the wizard; no toasts on top of it.
    showsCallFailures: true,
  };
}
