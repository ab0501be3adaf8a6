import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS } from '../factorKinds';
import { EMAIL_RESEND_AFTER_MS, emailWizardMachine, type EmailEvent, type EmailState } from './emailWizard.machine';
import type { Transition } from './wizardMachine';

const kind = FACTOR_KINDS.find((each) => each.wizard === 'email');
if (kind?.wizard !== 'email') throw new Error('no email kind');
const email = emailWizardMachine(kind, 'smwong25@my.example.edu.hk');

function run(state: EmailState, ...events: EmailEvent[]): Transition<EmailState, EmailEvent> {
  return events.reduce<Transition<EmailState, EmailEvent>>((last, event) => email.transition(last.state, event), { state, commands: [] });
}

const answer = example<EnrollmentResponse>('enrollEmailFactor', 'new-user');
const sent: EmailEvent = { type: 'sent', answer };

describe('email wizard machine', () => {
  it('sends once to the primary email, then shows the code step and starts the 10 s wait', () => {
    const sending = run(email.initial, { type: 'send' });
    expect(sending.commands).toMatchObject([
      { type: 'enrollEmailFactor', data: { factorType: 'email', provider: 'OKTA', email: 'smwong25@my.example.edu.hk' } },
    ]);
    expect(run(sending.state, { type: 'send' }).state).toBe(sending.state);
    const code = run(sending.state, sent);
    expect(code.state).toEqual({ step: 'code', factorId: answer.id, call: 'none', resendDue: false });
    expect(code.commands).toEqual([{ type: 'startTimer', timer: 'resend', ms: EMAIL_RESEND_AFTER_MS, event: { type: 'resendDue' } }]);
    expect(EMAIL_RESEND_AFTER_MS).toBe(10_000);
  });

  it('stays on the intro when sending fails or is answered without a status', () => {
    expect(run(email.initial, { type: 'send' }, { type: 'sendFailed' }).state).toEqual({ step: 'intro', sending: false });
    // As it may come over the wire, whatever the contract promises.
    const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
    expect(run(email.initial, { type: 'send' }, { type: 'sent', answer: withoutStatus }).state).toEqual({ step: 'intro', sending: false });
  });

  it('offers Send again when due, and a new send hides it and starts the wait over', () => {
    const due = run(email.initial, { type: 'send' }, sent, { type: 'resendDue' }).state;
    expect(due).toMatchObject({ resendDue: true });
    const again = run(due, { type: 'send' }, sent);
    expect(again.state).toMatchObject({ resendDue: false });
    expect(again.commands).toMatchObject([{ type: 'startTimer', timer: 'resend' }]);
  });

  it('verifies once and not before a code was sent', () => {
    expect(run(email.initial, { type: 'verify', passCode: '1' }).commands).toEqual([]);
    const verifying = run(email.initial, { type: 'send' }, sent, { type: 'verify', passCode: '246810' });
    expect(verifying.state).toMatchObject({ call: 'verifying' });
    expect(verifying.commands).toMatchObject([{ type: 'activateFactor', factorId: answer.id, data: { passCode: '246810' } }]);
    expect(run(verifying.state, { type: 'verify', passCode: '1' }).state).toBe(verifying.state);
    expect(run(verifying.state, { type: 'verifyFailed' }).state).toMatchObject({ call: 'none' });
    expect(run(verifying.state, { type: 'verified', answer: { ...answer, status: 'ACTIVE' } }).commands).toEqual([
      { type: 'finish', message: 'mfa.email.success' },
    ]);
  });
});
