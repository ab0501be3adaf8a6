import type { EnrollmentResponse } from '../../../../generated/model';
import { hasStatus } from '../../../shared/factorAnswers';
import type { FactorKindOf } from '../factorKinds';
import { go, stay, type Transition, type WizardMachine } from './wizardMachine';

/** Wait before offering to send the code again (spec section 9). */
export const PHONE_RESEND_AFTER_MS = 30_000;

/** The number as typed in the form. */
export interface PhoneTarget {
  country: string;
  phone: string;
  extension: string;
}

/** Where the code last went, and whether 30 s have passed since. */
export interface Sent {
  to: PhoneTarget;
  factorId: string;
  resendDue: boolean;
}

/** The one call under way, if any. */
type PhoneCall = { type: 'none' } | { type: 'sending'; to: PhoneTarget } | { type: 'verifying' };

/** A failed send or verify: the spec's "We found some errors..." banner, with the call's error when there was one. */
interface Banner {
  error?: unknown;
}

export type PhoneState = { step: 'intro' } | { step: 'phone'; call: PhoneCall; sent?: Sent; banner?: Banner };

export type PhoneEvent =
  | { type: 'start' }
  /** The form's number, checked: `phoneNumber` is its E.164 form. */
  | { type: 'send'; to: PhoneTarget; phoneNumber: string }
  | { type: 'sent'; answer: EnrollmentResponse }
  | { type: 'sendFailed'; error: unknown }
  | { type: 'resendDue' }
  | { type: 'verify'; passCode: string }
  | { type: 'verified'; answer: EnrollmentResponse }
  | { type: 'verifyFailed'; error: unknown };

const NUMBER_STEP: PhoneState = { step: 'phone', call: { type: 'none' } };

/**
 * The phone wizards (SMS and voice call): intro, then the number, Send, the code and Verify.
 * `restored`: a number typed before a sign-in round trip is back in the form, so the wizard
 * starts at the number.
 */
export function phoneWizardMachine(kind: FactorKindOf<'phone'>, { restored = false } = {}): WizardMachine<PhoneState, PhoneEvent> {
  const transition = (state: PhoneState, event: PhoneEvent): Transition<PhoneState, PhoneEvent> => {
    if (state.step === 'intro') return event.type === 'start' ? go(NUMBER_STEP) : stay(state);
    const { call } = state;
    switch (event.type) {
      case 'send': {
        // Sent to this very number less than 30 s ago: the button reads Sent, and that is all.
        if (call.type !== 'none' || sendButton(state, event.to) === 'sent') return stay(state);
        const extension = event.to.extension.trim();
        return go(
          { ...state, call: { type: 'sending', to: event.to }, banner: undefined },
          {
            type: 'enrollPhoneFactor',
            data: {
              factorType: kind.factorType,
              provider: kind.provider,
              phoneNumber: event.phoneNumber,
              ...(kind.extension && extension ? { phoneExtension: extension } : {}),
            },
            done: (answer) => ({ type: 'sent', answer }),
            failed: (error) => ({ type: 'sendFailed', error }),
          },
        );
      }
      case 'sent': {
        if (call.type !== 'sending') return stay(state);
        const { answer } = event;
        if (answer.status === 'ACTIVE') return go({ ...state, call: { type: 'none' } }, { type: 'finish', message: kind.texts.success });
        // No status: the enrolment failed (spec section 8), shown by the banner.
        if (!answer.id || !hasStatus(answer)) return go({ ...state, call: { type: 'none' }, banner: {} });
        return go(
          { ...state, call: { type: 'none' }, sent: { to: call.to, factorId: answer.id, resendDue: false } },
          { type: 'startTimer', timer: 'resend', ms: PHONE_RESEND_AFTER_MS, event: { type: 'resendDue' } },
        );
      }
      case 'sendFailed':
        return call.type === 'sending' ? go({ ...state, call: { type: 'none' }, banner: { error: event.error } }) : stay(state);
      case 'resendDue':
        return state.sent ? go({ ...state, sent: { ...state.sent, resendDue: true } }) : stay(state);
      case 'verify':
        if (call.type !== 'none' || !state.sent) return stay(state);
        return go(
          { ...state, call: { type: 'verifying' }, banner: undefined },
          {
            type: 'activateFactor',
            factorId: state.sent.factorId,
            data: { passCode: event.passCode },
            done: (answer) => ({ type: 'verified', answer }),
            failed: (error) => ({ type: 'verifyFailed', error }),
          },
        );
      case 'verified':
        if (call.type !== 'verifying') return stay(state);
        return hasStatus(event.answer)
          ? go(state, { type: 'finish', message: kind.texts.success })
          : go({ ...state, call: { type: 'none' }, banner: {} });
      case 'verifyFailed':
        return call.type === 'verifying' ? go({ ...state, call: { type: 'none' }, banner: { error: event.error } }) : stay(state);
      default:
        return stay(state);
    }
  };

  return {
    steps: ['intro', 'phone'],
    initial: restored ? NUMBER_STEP : { step: 'intro' },
    transition,
    // Failures show the form's banner instead of a toast.
    showsCallFailures: true,
  };
}

type SendButton = 'send' | 'sending' | 'sent' | 'resend';

const sameTarget = (a: PhoneTarget, b: PhoneTarget) => a.country === b.country && a.phone === b.phone && a.extension === b.extension;

/**
 * The send button for the number now in the form: Send Code (Call) for a new number; Sent
 * (Calling) once sent; after 30 s Re-send code (Redial) while number, country and extension are
 * unchanged.
 */
export function sendButton(state: Extract<PhoneState, { step: 'phone' }>, typed: PhoneTarget): SendButton {
  if (state.call.type === 'sending') return 'sending';
  if (!state.sent || !sameTarget(state.sent.to, typed)) return 'send';
  return state.sent.resendDue ? 'resend' : 'sent';
}

/** The number being typed, as kept across a sign-in round trip (no code: codes are never kept). */
export function readPhoneDraft(draft: string | undefined, isKnownCountry: (code: string) => boolean): PhoneTarget | undefined {
  try {
    const saved = JSON.parse(draft ?? 'null') as Partial<PhoneTarget> | null;
    if (!saved || typeof saved.phone !== 'string' || typeof saved.country !== 'string' || !isKnownCountry(saved.country)) return undefined;
    return { country: saved.country, phone: saved.phone, extension: typeof saved.extension === 'string' ? saved.extension : '' };
  } catch {
    return undefined;
  }
}
