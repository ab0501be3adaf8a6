import type { EnrollmentResponse } from '../../../../generated/model';
import type { FactorKindOf } from '../factorKinds';
import type { FactorCalls } from './factorApi';
import { wizardKit, type Transition, type Waiting, type WizardMachine } from './wizardMachine';

/** Wait before offering to send the code again (spec section 9). */
export const PHONE_RESEND_AFTER_MS = 30_000;

/** The number as typed in the form. */
export interface PhoneTarget {
  country: string;
  phone: string;
  extension: string;
}

/** Where the code last went (as typed, and in E.164), and whether 30 s have passed since. */
export interface Sent {
  to: PhoneTarget;
  phoneNumber: string;
  factorId: string;
  resendDue: boolean;
}

/** A failed send or verify: the spec's "We found some errors..." banner, with the call's error when there was one. */
interface Banner {
  error?: unknown;
}

export type PhoneState = ({ step: 'intro' } | { step: 'phone'; sent?: Sent; banner?: Banner }) & Waiting<FactorCalls>;

export type PhoneEvent =
  | { type: 'start' }
  /** The form's number, checked: `phoneNumber` is its E.164 form. */
  | { type: 'send'; to: PhoneTarget; phoneNumber: string }
  | { type: 'sent'; to: PhoneTarget; phoneNumber: string; answer: EnrollmentResponse }
  | { type: 'sendFailed'; error: unknown }
  | { type: 'resendDue' }
  | { type: 'verify'; passCode: string }
  | { type: 'verified' }
  | { type: 'verifyFailed'; error: unknown };

const NUMBER_STEP: PhoneState = { step: 'phone' };

const { go, stay, request } = wizardKit<PhoneState, PhoneEvent, FactorCalls>();

/**
 * The phone wizards (SMS and voice call): intro, then the number, Send, the code and Verify.
 * `restored`: a number typed before a sign-in round trip is back in the form, so the wizard
 * starts at the number.
 */
export function phoneWizardMachine(kind: FactorKindOf<'phone'>, { restored = false } = {}): WizardMachine<PhoneState, PhoneEvent, FactorCalls> {
  const transition = (state: PhoneState, event: PhoneEvent): Transition<PhoneState, PhoneEvent, FactorCalls> => {
    if (state.step === 'intro') return event.type === 'start' ? go(NUMBER_STEP) : stay(state);
    switch (event.type) {
      case 'send': {
        // Sent to this very number less than 30 s ago: the button reads Sent, and that is all.
        if (state.pending || sendButton(state, event.to) === 'sent') return stay(state);
        const { to, phoneNumber } = event;
        const extension = to.extension.trim();
        return request(
          { ...state, banner: undefined },
          'enrollPhoneFactor',
          {
            factorType: kind.factorType,
            provider: kind.provider,
            phoneNumber,
            ...(kind.extension && extension ? { phoneExtension: extension } : {}),
          },
          { done: (answer) => ({ type: 'sent', to, phoneNumber, answer }), failed: (error) => ({ type: 'sendFailed', error }) },
        );
      }
      case 'sent': {
        const { answer } = event;
        if (answer.status === 'ACTIVE') return go({ ...state, pending: undefined }, { type: 'finish', message: kind.texts.success });
        if (!answer.id) return go({ ...state, pending: undefined, banner: {} });
        return go(
          { ...state, pending: undefined, sent: { to: event.to, phoneNumber: event.phoneNumber, factorId: answer.id, resendDue: false } },
          { type: 'startTimer', timer: 'resend', ms: PHONE_RESEND_AFTER_MS, event: { type: 'resendDue' } },
        );
      }
      case 'resendDue':
        return state.sent ? go({ ...state, sent: { ...state.sent, resendDue: true } }) : stay(state);
      case 'verify':
        if (state.pending || !state.sent) return stay(state);
        return request(
          { ...state, banner: undefined },
          'activateFactor',
          { factorId: state.sent.factorId, data: { passCode: event.passCode } },
          { done: () => ({ type: 'verified' }), failed: (error) => ({ type: 'verifyFailed', error }) },
        );
      case 'verified':
        return go(state, { type: 'finish', message: kind.texts.success });
      // A failure, or an answer without a status: the banner (spec section 8).
      case 'sendFailed':
      case 'verifyFailed':
        return go({ ...state, pending: undefined, banner: { error: event.error } });
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
  if (state.pending === 'enrollPhoneFactor') return 'sending';
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
