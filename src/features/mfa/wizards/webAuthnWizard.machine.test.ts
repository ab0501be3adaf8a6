import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS } from '../factorKinds';
import { isWorking, webAuthnWizardMachine, type WebAuthnEvent, type WebAuthnState } from './webAuthnWizard.machine';
import type { Transition } from './wizardMachine';

const kind = FACTOR_KINDS.find((each) => each.wizard === 'webauthn');
if (kind?.wizard !== 'webauthn') throw new Error('no webauthn kind');
const webauthn = webAuthnWizardMachine(kind);

function run(state: WebAuthnState, ...events: WebAuthnEvent[]): Transition<WebAuthnState, WebAuthnEvent> {
  return events.reduce<Transition<WebAuthnState, WebAuthnEvent>>((last, event) => webauthn.transition(last.state, event), { state, commands: [] });
}

const answer = example<EnrollmentResponse>('enrollFactor', 'webauthn');
const credential = { attestation: 'AQID', clientData: 'BAU' };

describe('security key machine', () => {
  it('enrols, has the browser create a credential for the activation, then activates it', () => {
    const enrolling = run(webauthn.initial, { type: 'start' });
    expect(enrolling.commands).toMatchObject([{ type: 'enrollFactor', data: { factorType: 'webauthn', provider: 'FIDO' } }]);
    const creating = run(enrolling.state, { type: 'enrolled', answer });
    expect(creating.commands).toMatchObject([{ type: 'createCredential', activation: answer._embedded!.activation }]);
    const activating = run(creating.state, { type: 'created', credential });
    expect(activating.commands).toMatchObject([{ type: 'activateFactor', factorId: answer.id, data: credential }]);
    expect(run(activating.state, { type: 'activated', answer: { ...answer, status: 'ACTIVE' } }).commands).toEqual([
      { type: 'finish', message: 'mfa.webauthn.success' },
    ]);
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
    expect(failed).toEqual({ step: 'enroll', phase: 'failed' });
    expect(isWorking(failed)).toBe(false);
    expect(run(failed, { type: 'start' }).commands).toMatchObject([{ type: 'enrollFactor' }]);
    expect(run(enrolling, { type: 'enrolled', answer }, { type: 'failed' }).state).toEqual(failed);
  });

  it('makes no credential for an enrolment without a status or an activation, and fails an activation without a status', () => {
    // As it may come over the wire, whatever the contract promises.
    const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
    const enrolling = run(webauthn.initial, { type: 'start' }).state;
    expect(run(enrolling, { type: 'enrolled', answer: withoutStatus })).toEqual({ state: { step: 'enroll', phase: 'failed' }, commands: [] });
    expect(run(enrolling, { type: 'enrolled', answer: { ...answer, _embedded: {} } }).state).toMatchObject({ phase: 'failed' });
    const activating = run(enrolling, { type: 'enrolled', answer }, { type: 'created', credential }).state;
    expect(run(activating, { type: 'activated', answer: withoutStatus })).toEqual({ state: { step: 'enroll', phase: 'failed' }, commands: [] });
  });

  it('is one step without Back', () => {
    expect(webauthn.steps).toEqual(['enroll']);
    expect(webauthn.back).toBeUndefined();
  });
});
