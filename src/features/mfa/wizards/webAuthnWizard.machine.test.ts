import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS } from '../factorKinds';
import { factorApi, type FactorCalls } from './factorApi';
import { isWorking, webAuthnWizardMachine, type WebAuthnEvent, type WebAuthnState } from './webAuthnWizard.machine';
import { answerEvent, type Transition } from './wizardMachine';

const kind = FACTOR_KINDS.find((each) => each.wizard === 'webauthn');
if (kind?.wizard !== 'webauthn') throw new Error('no webauthn kind');
const webauthn = webAuthnWizardMachine(kind);

type Step = Transition<WebAuthnState, WebAuthnEvent, FactorCalls>;

function run(state: WebAuthnState, ...events: WebAuthnEvent[]): Step {
  return events.reduce<Step>((last, event) => webauthn.transition(last.state, event), { state, commands: [] });
}

/** The answer to the call `last` asked for, as the runner hands it to the machine. */
function reply(last: Step, answer: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return webauthn.transition(last.state, answerEvent(factorApi, call, answer));
}

const answer = example<EnrollmentResponse>('enrollFactor', 'webauthn');
const credential = { attestation: 'AQID', clientData: 'BAU' };

describe('security key machine', () => {
  it('enrolls, has the browser create a credential for the activation, then activates it', () => {
    const enrolling = run(webauthn.initial, { type: 'start' });
    expect(enrolling.state).toEqual({ step: 'enroll', pending: 'enrollFactor' });
    expect(enrolling.commands).toMatchObject([{ type: 'call', call: 'enrollFactor', input: { factorType: 'webauthn', provider: 'FIDO' } }]);
    const creating = reply(enrolling, answer);
    expect(creating.state).toEqual({ step: 'enroll', pending: 'createCredential' });
    expect(creating.commands).toMatchObject([{ type: 'call', call: 'createCredential', input: answer._embedded!.activation }]);
    const activating = reply(creating, credential);
    expect(activating.state).toEqual({ step: 'enroll', pending: 'activateFactor' });
    expect(activating.commands).toMatchObject([{ type: 'call', call: 'activateFactor', input: { factorId: answer.id, data: credential } }]);
    const done = reply(activating, { ...answer, status: 'ACTIVE' });
    expect(done.commands).toEqual([{ type: 'finish', message: 'mfa.webauthn.success' }]);
    expect(isWorking(done.state)).toBe(true);
  });

  it('is busy from Enroll to the end, and starts once', () => {
    const enrolling = run(webauthn.initial, { type: 'start' }).state;
    expect(isWorking(enrolling)).toBe(true);
    expect(run(enrolling, { type: 'start' }).commands).toEqual([]);
    expect(isWorking(webauthn.initial)).toBe(false);
  });

  it('ends every failure in the error box, from which it may start again', () => {
    const enrolling = run(webauthn.initial, { type: 'start' }).state;
    const failed = run(enrolling, { type: 'failed' }).state;
    expect(failed).toEqual({ step: 'enroll', failed: true });
    expect(isWorking(failed)).toBe(false);
    const again = run(failed, { type: 'start' });
    expect(again.commands).toMatchObject([{ type: 'call', call: 'enrollFactor' }]);
    expect(again.state).toEqual({ step: 'enroll', pending: 'enrollFactor' });
    expect(run(enrolling, { type: 'enrolled', answer }, { type: 'failed' }).state).toEqual(failed);
  });

  it('makes no credential for an enrollment without a status or an activation, and fails an activation without a status', () => {
    // As it may come over the wire, whatever the contract promises.
    const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
    const failed = { state: { step: 'enroll', failed: true }, commands: [] };
    const enrolling = run(webauthn.initial, { type: 'start' });
    expect(reply(enrolling, withoutStatus)).toEqual(failed);
    expect(reply(enrolling, { ...answer, _embedded: {} })).toEqual(failed);
    const activating = reply(reply(enrolling, answer), credential);
    expect(reply(activating, withoutStatus)).toEqual(failed);
  });

  it('is one step without Back', () => {
    expect(webauthn.steps).toEqual(['enroll']);
    expect(webauthn.back).toBeUndefined();
  });
});
