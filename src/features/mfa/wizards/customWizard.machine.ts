/** The university's own authenticator: intro, barcode or secret, then the code. */
export interface CustomState {
  step: 'intro' | 'scan' | 'code';
  view: 'barcode' | 'manual';
  code: string;
  verifying: boolean;
}

export type CustomAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'view'; view: 'barcode' | 'manual' }
  | { type: 'code'; value: string }
  | { type: 'verify' }
  | { type: 'verifyFailed' };

export const initialCustomState: CustomState = { step: 'intro', view: 'barcode', code: '', verifying: false };

export function customReducer(state: CustomState, action: CustomAction): CustomState {
  switch (action.type) {
    case 'next':
      return state.step === 'intro' ? { ...state, step: 'scan' } : state.step === 'scan' ? { ...state, step: 'code' } : state;
    case 'back':
      return state.step === 'code' ? { ...state, step: 'scan' } : state.step === 'scan' ? { ...state, step: 'intro' } : state;
    case 'view':
      return { ...state, view: action.view };
    case 'code':
      return { ...state, code: action.value };
    case 'verify':
      return state.verifying || state.step !== 'code' ? state : { ...state, verifying: true };
    case 'verifyFailed':
      return { ...state, verifying: false };
  }
}
