import { describe, expect, it } from 'vitest';
import { emailReducer, initialEmailState, type EmailAction, type EmailState } from './emailWizard.machine';

const run = (state: EmailState, ...actions: EmailAction[]) => actions.reduce(emailReducer, state);

describe('email wizard machine', () => {
  it('sends once, then shows the code step', () => {
    const sending = run(initialEmailState, { type: 'send' });
    expect(run(sending, { type: 'send' })).toBe(sending);
    expect(run(sending, { type: 'sent', factorId: 'e1' })).toMatchObject({ step: 'code', factorId: 'e1', sends: 1, resendDue: false });
  });

  it('stays on the intro when sending fails', () => {
    expect(run(initialEmailState, { type: 'send' }, { type: 'sendFailed' })).toMatchObject({ step: 'intro', sending: false });
  });

  it('offers Send again when due, and a new send hides it again', () => {
    const due = run(initialEmailState, { type: 'send' }, { type: 'sent', factorId: 'e1' }, { type: 'resendDue' });
    expect(due.resendDue).toBe(true);
    expect(run(due, { type: 'send' }, { type: 'sent', factorId: 'e1' })).toMatchObject({ resendDue: false, sends: 2 });
  });

  it('verifies once and not before a code was sent', () => {
    expect(run(initialEmailState, { type: 'verify' }).verifying).toBe(false);
    const verifying = run(initialEmailState, { type: 'send' }, { type: 'sent', factorId: 'e1' }, { type: 'verify' });
    expect(verifying.verifying).toBe(true);
    expect(run(verifying, { type: 'verifyFailed' }).verifying).toBe(false);
  });
});
