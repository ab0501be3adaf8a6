import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS, type FactorKindId, type FactorKindOf } from '../factorKinds';
import { appWizardMachine, type AppEvent, type AppState } from './appWizard.machine';
import { factorApi, type FactorCalls } from './factorApi';
import { answerEvent, type Transition } from './wizardMachine';

function appKind(id: FactorKindId): FactorKindOf<'app'> {
  const kind = FACTOR_KINDS.find((each) => each.id === id);
  if (kind?.wizard !== 'app') throw new Error(`${id} is not an app kind`);
  return kind;
}

const google = appWizardMachine(appKind('googleTotp'));
const push = appWizardMachine(appKind('push'));
const oktaTotp = appWizardMachine(appKind('oktaTotp'));

type Step = Transition<AppState, AppEvent, FactorCalls>;

/** Feeds events one after the other; the last transition (its state and commands). */
function run(machine: typeof google, state: AppState, ...events: AppEvent[]): Step {
  return events.reduce<Step>((last, event) => machine.transition(last.state, event), { state, commands: [] });
}

/** The answer to the call `last` asked for, as the runner hands it to the machine. */
function reply(machine: typeof google, last: Step, answer: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return machine.transition(last.state, answerEvent(factorApi, call, answer));
}

const answer = example<EnrollmentResponse>('enrollFactor', 'new-user');
/** An answer as it may come over the wire, whatever the contract promises. */
const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
const toScan = (machine = google) => run(machine, machine.initial, { type: 'next' }, { type: 'next' });
const atBarcode = (machine = google) => reply(machine, toScan(machine), answer).state;

describe('app wizard machine', () => {
  it('goes intro, device (iPhone first), then the barcode step, which asks for an enrollment', () => {
    const device = run(google, google.initial, { type: 'next' }).state;
    expect(device).toMatchObject({ step: 'device', device: 'iphone' });
    const scan = run(google, device, { type: 'device', device: 'android' }, { type: 'next' });
    expect(scan.state).toEqual({ step: 'scan', view: 'barcode', device: 'android', enrollments: 1, pending: 'enrollFactor' });
    expect(scan.commands).toMatchObject([{ type: 'call', call: 'enrollFactor', input: { factorType: 'token:software:totp', provider: 'GOOGLE' } }]);
  });

  it('keeps the enrollment’s factor, secret and barcode, and waits for nothing more', () => {
    expect(atBarcode()).toMatchObject({
      step: 'scan',
      pending: undefined,
      enrollment: {
        status: 'ready',
        enrollment: { factorId: answer.id, secret: 'JBSWY3DPEHPK3PXP', qrCode: expect.stringMatching(/^data:image\//) },
      },
    });
  });

  it('cannot leave the barcode step before the enrollment arrives', () => {
    const scan = toScan();
    expect(run(google, scan.state, { type: 'next' }).state.step).toBe('scan');
    expect(run(google, reply(google, scan, answer).state, { type: 'next' }).state.step).toBe('code');
  });

  it('toggles between barcode and secret key', () => {
    const manual = run(google, atBarcode(), { type: 'view', view: 'manual' });
    expect(manual.state).toMatchObject({ view: 'manual' });
    const barcode = run(google, manual.state, { type: 'view', view: 'barcode' });
    expect(barcode.state).toMatchObject({ view: 'barcode', enrollment: { status: 'ready' } });
    expect(barcode.commands).toEqual([]);
  });

  it('re-enrolls when the user comes back to the barcode step from the device step', () => {
    const again = run(google, atBarcode(), { type: 'back' }, { type: 'next' });
    expect(again.state).toEqual({ step: 'scan', view: 'barcode', device: 'iphone', enrollments: 2, pending: 'enrollFactor' });
    expect(again.commands).toMatchObject([{ type: 'call', call: 'enrollFactor' }]);
  });

  it('stops waiting for an enrollment when the user goes back from the barcode step', () => {
    expect(run(google, toScan().state, { type: 'back' }).state).toEqual({ step: 'device', device: 'iphone', enrollments: 1 });
  });

  it('verifies once, even with an empty code, and can try again after a failure', () => {
    const code = run(google, atBarcode(), { type: 'next' }).state;
    const verifying = run(google, code, { type: 'verify', passCode: '' });
    expect(verifying.state).toMatchObject({ step: 'code', pending: 'activateFactor' });
    expect(verifying.commands).toMatchObject([{ type: 'call', call: 'activateFactor', input: { factorId: answer.id, data: { passCode: '' } } }]);
    expect(run(google, verifying.state, { type: 'verify', passCode: '1' }).state).toBe(verifying.state);
    expect(run(google, verifying.state, { type: 'verifyFailed' }).state).toMatchObject({ step: 'code', pending: undefined });
  });

  it('finishes with the kind’s own success text when the activation carries a status, and not otherwise', () => {
    const verifying = run(google, atBarcode(), { type: 'next' }, { type: 'verify', passCode: '123456' });
    expect(reply(google, verifying, { ...answer, status: 'ACTIVE' }).commands).toEqual([{ type: 'finish', message: 'mfa.app.success' }]);
    const silent = reply(google, verifying, withoutStatus);
    expect(silent.commands).toEqual([]);
    expect(silent.state).toMatchObject({ step: 'code', pending: undefined });
  });

  it('goes back from the code to the barcode with the same enrollment', () => {
    const scan = run(google, atBarcode(), { type: 'next' }, { type: 'back' });
    expect(scan.state).toMatchObject({ step: 'scan', enrollment: { status: 'ready', enrollment: { factorId: answer.id } } });
    expect(scan.commands).toEqual([]);
  });

  it('stays on the barcode step without an enrollment when enrolling fails or is answered without a status or factor', () => {
    const scan = toScan();
    const failed = { step: 'scan', pending: undefined, enrollment: { status: 'failed' } };
    expect(run(google, scan.state, { type: 'enrollFailed' }).state).toMatchObject(failed);
    expect(reply(google, scan, withoutStatus).state).toMatchObject(failed);
    expect(reply(google, scan, { ...answer, id: undefined }).state).toMatchObject(failed);
  });

  it('offers Back from the device step on, counting four steps', () => {
    expect(google.steps).toEqual(['intro', 'device', 'scan', 'code']);
    expect(google.back?.from).toEqual(['device', 'scan', 'code']);
  });
});

describe("app wizard machine: Okta's barcode view", () => {
  it.each([
    ['Okta Verify push', true, push],
    ['Okta Verify code', true, oktaTotp],
    ['Google Authenticator', false, google],
  ])('%s asks for a new enrollment when the barcode view is shown again: %s', (_, reenrolls, machine) => {
    const manual = run(machine, atBarcode(machine), { type: 'view', view: 'manual' }).state;
    const barcode = run(machine, manual, { type: 'view', view: 'barcode' });
    expect(barcode.commands).toMatchObject(reenrolls ? [{ type: 'call', call: 'enrollFactor' }] : []);
    expect(barcode.state).toEqual(
      reenrolls ? { step: 'scan', device: 'iphone', enrollments: 2, view: 'barcode', pending: 'enrollFactor' } : { ...manual, view: 'barcode' },
    );
  });
});

describe('app wizard machine: push activation', () => {
  it('polls the enrolled factor on the barcode step only, and only for push', () => {
    const scan = atBarcode(push);
    expect(push.poll?.target(scan)).toEqual({ factorId: answer.id, enrollment: 1 });
    expect(push.poll?.target(run(push, scan, { type: 'view', view: 'manual' }).state)).toEqual({ factorId: answer.id, enrollment: 1 });
    expect(push.poll?.target(run(push, scan, { type: 'next' }).state)).toBeUndefined();
    expect(push.poll?.target(run(push, push.initial, { type: 'next' }, { type: 'next' }).state)).toBeUndefined();
    expect(google.poll).toBeUndefined();
  });

  it('finishes when the app confirms', () => {
    const done = run(push, atBarcode(push), { type: 'polled', outcome: 'active' });
    expect(done.commands).toEqual([{ type: 'finish', message: 'mfa.push.success' }]);
    expect(push.poll?.target(done.state)).toBeUndefined();
  });

  it.each(['timeout', 'failed'] as const)('stops polling on %s, and a resend on timeout asks for a fresh enrollment', (outcome) => {
    const ended = run(push, atBarcode(push), { type: 'polled', outcome }).state;
    expect(ended).toMatchObject({ enrollment: { activation: outcome } });
    expect(push.poll?.target(ended)).toBeUndefined();
    const again = run(push, ended, { type: 'resend' });
    expect(again.state).toEqual({ step: 'scan', view: 'barcode', device: 'iphone', enrollments: 2, pending: 'enrollFactor' });
    expect(again.commands).toMatchObject([{ type: 'call', call: 'enrollFactor', input: { factorType: 'push', provider: 'OKTA' } }]);
    expect(push.poll?.target(reply(push, again, answer).state)).toEqual({ factorId: answer.id, enrollment: 2 });
  });

  it('polls again when the user comes back from the code step', () => {
    const back = run(push, atBarcode(push), { type: 'next' }, { type: 'back' }).state;
    expect(push.poll?.target(back)).toEqual({ factorId: answer.id, enrollment: 1 });
  });
});
