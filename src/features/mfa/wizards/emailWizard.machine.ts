/** Wait before offering to send the email again (spec section 9). */
export const EMAIL_RESEND_AFTER_MS = 10_000;

export interface EmailState {
  step: 'intro' | 'code';
  sending: boolean;
  factorId?: string;
  /** Counts sends, so each one restarts the 10 s wait. */
  sends: number;
  resendDue: boolean;
  code: string;
  verifying: boolean;
}

export type EmailAction =
  | { type: 'send' }
  | { type: 'sent'; factorId: string }
  | { type: 'sendFailed' }
  | { type: 'resendDue' }
  | { type: 'code'; value: string }
  | { type: 'verify' }
  | { type: 'verifyFailed' };

export const initialEmailState: EmailState = { step: 'intro', sending: false, sends: 0, resendDue: false, code: '', verifying: false };

export function emailReducer(state: EmailState, action: EmailAction): EmailState {
  switch (action.type) {
    case 'send':
      return state.sending ? state : { ...state, sending: true };
    case 'sent':
      return { ...state, sending: false, step: 'code', factorId: action.factorId, sends: state.sends + 1, resendDue: false };
    case 'sendFailed':
      return { ...state, sending: false };
    case 'resendDue':
      return { ...state, resendDue: true };
    case 'code':
      return { ...state, code: action.value };
    case 'verify':
      return state.verifying || !state.factorId ? state : { ...state, verifying: true };
    case 'verifyFailed':
      return { ...state, verifying: false };
  }
}
