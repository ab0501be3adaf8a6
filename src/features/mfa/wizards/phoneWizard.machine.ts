import { checkPhone, DEFAULT_COUNTRY, isKnownCountry } from '../countries';

/** Wait before offering to send the code again (spec section 9). */
export const PHONE_RESEND_AFTER_MS = 30_000;

export type PhoneChannel = 'sms' | 'call';

interface Target {
  country: string;
  phone: string;
  extension: string;
}

export interface PhoneState extends Target {
  channel: PhoneChannel;
  step: 'intro' | 'phone';
  /** Where the code was last sent; undefined before the first send. */
  sentTo?: Target;
  factorId?: string;
  sending: boolean;
  /** 30 s have passed since the last send. */
  resendDue: boolean;
  code: string;
  verifying: boolean;
  /** The number is blank, cannot exist in the chosen country, or is a landline for text messages. */
  phoneError?: 'required' | 'invalid' | 'landline';
  /** The number of the send under way, in E.164. */
  sendingTo?: string;
  codeError?: 'required';
  /** A failed send or verify: the spec's "We found some errors..." banner. */
  banner: boolean;
}

export type PhoneAction =
  | { type: 'start' }
  | { type: 'edit'; field: 'country' | 'phone' | 'extension' | 'code'; value: string }
  | { type: 'send' }
  | { type: 'sent'; factorId: string }
  | { type: 'sendFailed' }
  | { type: 'resendDue' }
  | { type: 'verify' }
  | { type: 'verifyFailed' };

export function initialPhoneState(channel: PhoneChannel): PhoneState {
  return { channel, step: 'intro', country: DEFAULT_COUNTRY, phone: '', extension: '', sending: false, resendDue: false, code: '', verifying: false, banner: false };
}

/** The number being typed, as kept across a sign-in round trip (no code: codes are never kept). */
export type PhoneDraft = Pick<PhoneState, 'country' | 'phone' | 'extension'>;

/** Back at the number step with what was typed, when a readable draft exists. */
export function restorePhoneDraft(state: PhoneState, draft: string | undefined): PhoneState {
  try {
    const saved = JSON.parse(draft ?? 'null') as Partial<PhoneDraft> | null;
    if (!saved || typeof saved.phone !== 'string' || typeof saved.country !== 'string' || !isKnownCountry(saved.country)) return state;
    return { ...state, step: 'phone', country: saved.country, phone: saved.phone, extension: typeof saved.extension === 'string' ? saved.extension : '' };
  } catch {
    return state;
  }
}

const sameTarget = (a: Target | undefined, b: Target) =>
  a !== undefined && a.country === b.country && a.phone === b.phone && a.extension === b.extension;

/** The phone wizards (SMS and voice call) as a pure reducer; timers and calls live in the component. */
export function phoneReducer(state: PhoneState, action: PhoneAction): PhoneState {
  switch (action.type) {
    case 'start':
      return { ...state, step: 'phone' };
    case 'edit':
      return {
        ...state,
        [action.field]: action.value,
        ...(action.field === 'phone' || action.field === 'country' ? { phoneError: undefined } : {}),
        ...(action.field === 'code' ? { codeError: undefined } : {}),
      };
    case 'send': {
      if (state.sending) return state;
      const checked = checkPhone(state.country, state.phone, { textMessages: state.channel === 'sms' });
      if ('error' in checked) return { ...state, phoneError: checked.error };
      return { ...state, sending: true, sendingTo: checked.e164, banner: false, phoneError: undefined };
    }
    case 'sent':
      return {
        ...state,
        sending: false,
        sentTo: { country: state.country, phone: state.phone, extension: state.extension },
        factorId: action.factorId,
        resendDue: false,
      };
    case 'sendFailed':
      return { ...state, sending: false, banner: true };
    case 'resendDue':
      return { ...state, resendDue: true };
    case 'verify':
      if (state.verifying || !state.factorId) return state;
      if (state.code.trim() === '') return { ...state, codeError: 'required' };
      return { ...state, verifying: true, banner: false };
    case 'verifyFailed':
      return { ...state, verifying: false, banner: true };
  }
}

export type SendButton = 'send' | 'sending' | 'sent' | 'resend';

/**
 * The send button: Send Code (Call) for a new number; Sent (Calling) once sent; after 30 s
 * Re-send code (Redial) while the number, country and extension are unchanged.
 */
export function sendButton(state: PhoneState): SendButton {
  if (state.sending) return 'sending';
  if (!sameTarget(state.sentTo, state)) return 'send';
  return state.resendDue ? 'resend' : 'sent';
}

/** The code box appears once a code went to the number now in the form. */
export function showsCodeBox(state: PhoneState): boolean {
  return state.sentTo !== undefined;
}
