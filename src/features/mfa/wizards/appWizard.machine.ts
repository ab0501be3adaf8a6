/** The app-based wizards (authenticator app, Okta Verify code): intro, device, barcode or key, code. */
export type Device = 'iphone' | 'android';

export interface Enrolment {
  factorId: string;
  secret?: string;
  qrCode?: string;
}

export interface AppState {
  step: 'intro' | 'device' | 'scan' | 'code';
  device: Device;
  view: 'barcode' | 'manual';
  enrolment?: Enrolment;
  enrolling: boolean;
  code: string;
  verifying: boolean;
}

export type AppAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'device'; device: Device }
  | { type: 'enrolled'; enrolment: Enrolment }
  | { type: 'enrollFailed' }
  | { type: 'reenrol' }
  /** `reenrol`: Okta's wizards ask for a new enrolment whenever the barcode view is shown again. */
  | { type: 'view'; view: 'barcode' | 'manual'; reenrol?: boolean }
  | { type: 'code'; value: string }
  | { type: 'verify' }
  | { type: 'verifyFailed' };

export const initialAppState: AppState = { step: 'intro', device: 'iphone', view: 'barcode', enrolling: false, code: '', verifying: false };

/** Pure transitions; the component makes the enrol and activate calls the states ask for. */
export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'next':
      if (state.step === 'intro') return { ...state, step: 'device' };
      // Entering the barcode step requests a (new) enrolment.
      if (state.step === 'device') return { ...state, step: 'scan', view: 'barcode', enrolling: true, enrolment: undefined };
      if (state.step === 'scan' && state.enrolment) return { ...state, step: 'code' };
      return state;
    case 'back':
      if (state.step === 'code') return { ...state, step: 'scan' };
      if (state.step === 'scan') return { ...state, step: 'device', enrolling: false };
      if (state.step === 'device') return { ...state, step: 'intro' };
      return state;
    case 'device':
      return { ...state, device: action.device };
    case 'enrolled':
      return { ...state, enrolling: false, enrolment: action.enrolment };
    case 'enrollFailed':
      return { ...state, enrolling: false };
    case 'reenrol':
      // After an activation timeout: a fresh enrolment and barcode.
      return state.step === 'scan' ? { ...state, view: 'barcode', enrolling: true, enrolment: undefined } : state;
    case 'view':
      if (action.view === 'barcode' && action.reenrol && state.view === 'manual') {
        return { ...state, view: 'barcode', enrolling: true, enrolment: undefined };
      }
      return { ...state, view: action.view };
    case 'code':
      return { ...state, code: action.value };
    case 'verify':
      // The spec checks no code here: the server says whether it is right.
      if (state.verifying || !state.enrolment) return state;
      return { ...state, verifying: true };
    case 'verifyFailed':
      return { ...state, verifying: false };
  }
}
