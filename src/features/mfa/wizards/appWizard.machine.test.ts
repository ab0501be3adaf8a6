import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS, type FactorKindId, type FactorKindOf } from '../factorKinds';
import { appWizardMachine, type AppEvent, type AppState } from './appWizard.machine';
import type { Transition } from './wizardMachine';

function appKind(id: FactorKindId): FactorKindOf<'app'> {
  const kind = FACTOR_KINDS.find((each) => each.id === id);
  if (kind?.wizard !== 'app') throw new Error(`${id} is not an app kind`);
  return kind;
}

const google = appWizardMachine(appKind('googleTotp'));
const push = appWizardMachine(appKind('push'));
const oktaTotp = appWizardMachine(appKind('oktaTotp'));

/** Feeds events one after the other; the last transition (its state and commands). */
function run(machine: typeof google, state: AppState, ...events: AppEvent[]): Transition<AppState, AppEvent> {
  return events.reduce<Transition<AppState, AppEvent>>((last, event) => machine.transition(last.state, event), { state, commands: [] });
}

const answer = example<EnrollmentResponse>('enrollFactor', 'new-user');
/** An answer as it may come over the wire, whatever the contract promises. */
const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
const enrolled = (attempt = 1): AppEvent => ({ type: 'enrolled', attempt, answer });
const atBarcode = (machine = google) => run(machine, machine.initial, { type: 'next' }, { type: 'next' }, enrolled()).state;

describe('app wizard machine', () => {
  it('goes intro, device (iPhone first), then the barcode step, which asks for an enrolment', () => {
    const device = run(google, google.initial, { type: 'next' }).state;
    expect(device).toMatchObject({ step: 'device', device: 'iphone' });
    const scan = run(google, device, { type: 'device', device: 'android' }, { type: 'next' });
    expect(scan.state).toMatchObject({ step: 'scan', view: 'barcode', device: 'android', enrolment: { status: 'requested' } });
    expect(scan.commands).toMatchObject([{ type: 'enrollFactor', data: { factorType: 'token:software:totp', provider: 'GOOGLE' } }]);
  });

  it('keeps the enrolment’s factor, secret and barcode', () => {
    expect(atBarcode()).toMatchObject({
      step: 'scan',
      enrolment: { status: 'ready', enrolment: { factorId: answer.id, secret: 'JBSWY3DPEHPK3PXP', qrCode: expect.stringMatching(/^data:image\//) } },
    });
  });

  it('cannot leave the barcode step before the enrolment arrives', () => {
    const scan = run(google, google.initial, { type: 'next' }, { type: 'next' }).state;
    expect(run(google, scan, { type: 'next' }).state.step).toBe('scan');
    expect(run(google, scan, enrolled(), { type: 'next' }).state.step).toBe('code');
  });

  it('toggles between barcode and secret key', () => {
    const manual = run(google, atBarcode(), { type: 'view', view: 'manual' });
    expect(manual.state).toMatchObject({ view: 'manual' });
    const barcode = run(google, manual.state, { type: 'view', view: 'barcode' });
    expect(barcode.state).toMatchObject({ view: 'barcode', enrolment: { status: 'ready' } });
    expect(barcode.commands).toEqual([]);
  });

  it('re-enrols when the user comes back to the barcode step from the device step', () => {
    const again = run(google, atBarcode(), { type: 'back' }, { type: 'next' });
    expect(again.state).toMatchObject({ step: 'scan', attempt: 2, enrolment: { status: 'requested' } });
    expect(again.commands).toMatchObject([{ type: 'enrollFactor' }]);
  });

  it('ignores the answer to an enrolment it no longer waits for', () => {
    const second = run(google, google.initial, { type: 'next' }, { type: 'next' }, { type: 'back' }, { type: 'next' }).state;
    expect(run(google, second, enrolled(1)).state).toBe(second);
    expect(run(google, second, { type: 'enrolFailed', attempt: 1 }).state).toBe(second);
    expect(run(google, second, enrolled(2)).state).toMatchObject({ enrolment: { status: 'ready' } });
  });

  it('verifies once, even with an empty code, and can try again after a failure', () => {
    const code = run(google, atBarcode(), { type: 'next' }).state;
    const verifying = run(google, code, { type: 'verify', passCode: '' });
    expect(verifying.state).toMatchObject({ step: 'code', verifying: true });
    expect(verifying.commands).toMatchObject([{ type: 'activateFactor', factorId: answer.id, data: { passCode: '' } }]);
    expect(run(google, verifying.state, { type: 'verify', passCode: '1' }).state).toBe(verifying.state);
    expect(run(google, verifying.state, { type: 'verifyFailed' }).state).toMatchObject({ verifying: false });
  });

  it('finishes with the kind’s own success text when the activation carries a status, and not otherwise', () => {
    const verifying = run(google, atBarcode(), { type: 'next' }, { type: 'verify', passCode: '123456' }).state;
    expect(run(google, verifying, { type: 'verified', answer: { ...answer, status: 'ACTIVE' } }).commands).toEqual([
      { type: 'finish', message: 'mfa.app.success' },
    ]);
    const silent = run(google, verifying, { type: 'verified', answer: withoutStatus });
    expect(silent.commands).toEqual([]);
    expect(silent.state).toMatchObject({ step: 'code', verifying: false });
  });

  it('goes back from the code to the barcode with the same enrolment', () => {
    const scan = run(google, atBarcode(), { type: 'next' }, { type: 'back' });
    expect(scan.state).toMatchObject({ step: 'scan', enrolment: { status: 'ready', enrolment: { factorId: answer.id } } });
    expect(scan.commands).toEqual([]);
  });

  it('stays on the barcode step without an enrolment when enrolling fails or is answered without a status', () => {
    const scan = run(google, google.initial, { type: 'next' }, { type: 'next' }).state;
    expect(run(google, scan, { type: 'enrolFailed', attempt: 1 }).state).toMatchObject({ step: 'scan', enrolment: { status: 'failed' } });
    expect(run(google, scan, { type: 'enrolled', attempt: 1, answer: withoutStatus }).state).toMatchObject({ enrolment: { status: 'failed' } });
  });

  it('offers Back from the device step on, counting four steps', () => {
    expect(google.steps).toEqual(['intro', 'device', 'scan', 'code']);
    expect(google.back?.from).toEqual(['device', 'scan', 'code']);
  });
});

describe("app wizard machine: Okta's barcode view", () => {
  it.each([
    ['Okta Verify push', push, true],
    ['Okta Verify code', oktaTotp, true],
    ['Google Authenticator', google, false],
  ])('%s asks for a new enrolment when the barcode view is shown again: %s', (_, machine, reenrols) => {
    const manual = run(machine, atBarcode(machine), { type: 'view', view: 'manual' }).state;
    const barcode = run(machine, manual, { type: 'view', view: 'barcode' });
    expect(barcode.commands.map((command) => command.type)).toEqual(reenrols ? ['enrollFactor'] : []);
    expect(barcode.state).toMatchObject({ view: 'barcode', enrolment: { status: reenrols ? 'requested' : 'ready' } });
  });
});

describe('app wizard machine: push activation', () => {
  it('polls the enrolled factor on the barcode step only, and only for push', () => {
    const scan = atBarcode(push);
    expect(push.poll?.target(scan)).toEqual({ factorId: answer.id, attempt: 1 });
    expect(push.poll?.target(run(push, scan, { type: 'view', view: 'manual' }).state)).toEqual({ factorId: answer.id, attempt: 1 });
    expect(push.poll?.target(run(push, scan, { type: 'next' }).state)).toBeUndefined();
    expect(push.poll?.target(run(push, push.initial, { type: 'next' }, { type: 'next' }).state)).toBeUndefined();
    expect(google.poll).toBeUndefined();
  });

  it('finishes when the app confirms', () => {
    const done = run(push, atBarcode(push), { type: 'polled', outcome: 'active' });
    expect(done.commands).toEqual([{ type: 'finish', message: 'mfa.push.success' }]);
    expect(push.poll?.target(done.state)).toBeUndefined();
  });

  it.each(['timeout', 'failed'] as const)('stops polling on %s, and a resend on timeout asks for a fresh enrolment', (outcome) => {
    const ended = run(push, atBarcode(push), { type: 'polled', outcome }).state;
    expect(ended).toMatchObject({ enrolment: { activation: outcome } });
    expect(push.poll?.target(ended)).toBeUndefined();
    const again = run(push, ended, { type: 'resend' });
    expect(again.state).toMatchObject({ step: 'scan', view: 'barcode', attempt: 2, enrolment: { status: 'requested' } });
    expect(again.commands).toMatchObject([{ type: 'enrollFactor', data: { factorType: 'push', provider: 'OKTA' } }]);
    expect(push.poll?.target(run(push, again.state, enrolled(2)).state)).toEqual({ factorId: answer.id, attempt: 2 });
  });

  it('polls again when the user comes back from the code step', () => {
    const back = run(push, atBarcode(push), { type: 'next' }, { type: 'back' }).state;
    expect(push.poll?.target(back)).toEqual({ factorId: answer.id, attempt: 1 });
  });
});
