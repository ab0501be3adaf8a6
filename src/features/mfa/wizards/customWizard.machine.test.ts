import { describe, expect, it } from 'vitest';
import { customReducer, initialCustomState, type CustomAction, type CustomState } from './customWizard.machine';

const run = (state: CustomState, ...actions: CustomAction[]) => actions.reduce(customReducer, state);

describe('custom authenticator machine', () => {
  it('goes intro, barcode, code and back', () => {
    expect(run(initialCustomState, { type: 'next' }).step).toBe('scan');
    expect(run(initialCustomState, { type: 'next' }, { type: 'next' }).step).toBe('code');
    expect(run(initialCustomState, { type: 'next' }, { type: 'next' }, { type: 'back' }).step).toBe('scan');
  });

  it('toggles barcode and secret', () => {
    expect(run(initialCustomState, { type: 'next' }, { type: 'view', view: 'manual' }).view).toBe('manual');
  });

  it('verifies once, only on the code step', () => {
    expect(run(initialCustomState, { type: 'verify' }).verifying).toBe(false);
    const verifying = run(initialCustomState, { type: 'next' }, { type: 'next' }, { type: 'verify' });
    expect(verifying.verifying).toBe(true);
    expect(run(verifying, { type: 'verify' })).toBe(verifying);
    expect(run(verifying, { type: 'verifyFailed' }).verifying).toBe(false);
  });
});
