import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS } from '../factorKinds';
import { EMAIL_RESEND_AFTER_MS, emailWizardMachine, type EmailEvent, type EmailState } from './emailWizard.machine';
import { factorApi, type FactorCalls } from './factorApi';
import { answerEvent, type Transition } from './wizardMachine';

const kind = FACTOR_KINDS.find((each) => each.wizard === 'email');
if (kind?.wizard !== 'email') throw new Error('no email kind');
const email = emailWizardMachine(kind, 'smwong25@my.example.edu.hk');

type Step = Transition<EmailState, EmailEvent, FactorCalls>;

function run(state: EmailState, ...events: EmailEvent[]): Step {
  return events.reduce<Step>((last, event) => email.transition(last.state, event), { state, commands: [] });
}

/** The answer to the call `last` asked for, as the runner hands it to the machine. */
function reply(last: Step, answer: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return email.transition(last.state, answerEvent(factorApi, call, answer));
}

const answer = example<EnrollmentResponse>('enrollEmailFactor', 'new-user');
const sent: EmailEvent = { type: 'sent', answer };

describe('email wizard machine', () => {
  it('sends once to the primary email, then shows the code step and starts the 10 s wait', () => {
    const sending = run(email.initial, { type: 'send' });
    expect(sending.state).toEqual({ step: 'intro', pending: 'enrollEmailFactor' });
    expect(sending.commands).toMatchObject([
      { type: 'call', call: 'enrollEmailFactor', input: { factorType: 'email', provider: 'OKTA', email: 'smwong25@my.example.edu.hk' } },
    ]);
    expect(run(sending.state, { type: 'send' }).state).toBe(sending.state);
    const code = reply(sending, answer);
    expect(code.state).toEqual({ step: 'code', factorId: answer.id, resendDue: false });
    expect(code.commands).toEqual([{ type: 'startTimer', timer: 'resend', ms: EMAIL_RESEND_AFTER_MS, event: { type: 'resendDue' } }]);
    expect(EMAIL_RESEND_AFTER_MS).toBe(10_000);
  });

  it('stays on the intro when sending fails or is answered without a status', () => {
    expect(run(email.initial, { type: 'send' }, { type: 'sendFailed' }).state).toEqual({ step: 'intro', pending: undefined });
    // As it may come over the wire, whatever the contract promises.
    const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
    expect(reply(run(email.initial, { type: 'send' }), withoutStatus).state).toEqual({ step: 'intro', pending: undefined });
  });

  it('offers Send again when due, and a new send hides it and starts the wait over', () => {
    const due = run(email.initial, { type: 'send' }, sent, { type: 'resendDue' }).state;
    expect(due).toMatchObject({ resendDue: true });
    const again = reply(run(due, { type: 'send' }), answer);
    expect(again.state).toMatchObject({ resendDue: false });
    expect(again.commands).toMatchObject([{ type: 'startTimer', timer: 'resend' }]);
  });

  it('verifies once and not before a code was sent', () => {
    expect(run(email.initial, { type: 'verify', passCode: '1' }).commands).toEqual([]);
    const verifying = run(email.initial, { type: 'send' }, sent, { type: 'verify', passCode: '246810' });
    expect(verifying.state).toMatchObject({ pending: 'activateFactor' });
    expect(verifying.commands).toMatchObject([
      { type: 'call', call: 'activateFactor', input: { factorId: answer.id, data: { passCode: '246810' } } },
    ]);
    expect(run(verifying.state, { type: 'verify', passCode: '1' }).state).toBe(verifying.state);
    expect(run(verifying.state, { type: 'verifyFailed' }).state).toMatchObject({ step: 'code', pending: undefined });
    expect(reply(verifying, { ...answer, status: 'ACTIVE' }).commands).toEqual([{ type: 'finish', message: 'mfa.email.success' }]);
    const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
    expect(reply(verifying, withoutStatus)).toEqual({ state: { ...verifying.state, pending: undefined }, commands: [] });
  });
});
