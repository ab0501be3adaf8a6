import { describe, expect, it } from 'vitest';
import type { EnrollmentResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { isKnownCountry } from '../countries';
import { FACTOR_KINDS, type FactorKindId, type FactorKindOf } from '../factorKinds';
import {
  PHONE_RESEND_AFTER_MS,
  phoneWizardMachine,
  readPhoneDraft,
  sendButton,
  type PhoneEvent,
  type PhoneState,
  type PhoneTarget,
} from './phoneWizard.machine';
import { factorApi, type FactorCalls } from './factorApi';
import { answerEvent, type Transition } from './wizardMachine';

function phoneKind(id: FactorKindId): FactorKindOf<'phone'> {
  const kind = FACTOR_KINDS.find((each) => each.id === id);
  if (kind?.wizard !== 'phone') throw new Error(`${id} is not a phone kind`);
  return kind;
}

const sms = phoneWizardMachine(phoneKind('sms'));
const call = phoneWizardMachine(phoneKind('call'));

type Step = Transition<PhoneState, PhoneEvent, FactorCalls>;

function run(machine: typeof sms, state: PhoneState, ...events: PhoneEvent[]): Step {
  return events.reduce<Step>((last, event) => machine.transition(last.state, event), { state, commands: [] });
}

/** The answer to the call `last` asked for, as the runner hands it to the machine. */
function reply(machine: typeof sms, last: Step, answer: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return machine.transition(last.state, answerEvent(factorApi, call, answer));
}

/** The number step, as the form leaves it after each event. */
function numberStep(state: PhoneState) {
  if (state.step !== 'phone') throw new Error('not at the number step');
  return state;
}

const hk: PhoneTarget = { country: 'HK', phone: '9123 4567', extension: '' };
const send = (to = hk, phoneNumber = '+85291234567'): PhoneEvent => ({ type: 'send', to, phoneNumber });
const answer = example<EnrollmentResponse>('enrollPhoneFactor', 'new-user');
const sent: PhoneEvent = { type: 'sent', to: hk, phoneNumber: '+85291234567', answer };
/** An answer as it may come over the wire, whatever the contract promises. */
const withoutStatus: EnrollmentResponse = JSON.parse(JSON.stringify({ ...answer, status: undefined }));
const typed = run(sms, sms.initial, { type: 'start' }).state;

describe('phone wizard machine', () => {
  it('starts on the intro, then the number step; a restored number starts at the number', () => {
    expect(sms.initial).toEqual({ step: 'intro' });
    expect(typed).toEqual({ step: 'phone' });
    expect(phoneWizardMachine(phoneKind('sms'), { restored: true }).initial).toMatchObject({ step: 'phone' });
    expect(sms.steps).toEqual(['intro', 'phone']);
    expect(sms.back).toBeUndefined();
  });

  it('sends the checked number in E.164, the extension only for voice calls', () => {
    expect(run(sms, typed, send({ ...hk, extension: '12' })).commands).toMatchObject([
      { type: 'call', call: 'enrollPhoneFactor', input: { factorType: 'sms', provider: 'OKTA', phoneNumber: '+85291234567' } },
    ]);
    expect(run(sms, typed, send({ ...hk, extension: '12' })).commands[0]).not.toHaveProperty('input.phoneExtension');
    expect(run(call, typed, send({ ...hk, extension: ' 12 ' })).commands).toMatchObject([
      { type: 'call', call: 'enrollPhoneFactor', input: { factorType: 'call', provider: 'OKTA', phoneNumber: '+85291234567', phoneExtension: '12' } },
    ]);
    expect(run(call, typed, send()).commands[0]).not.toHaveProperty('input.phoneExtension');
  });

  it('sends once, then reads Sent, shows the code box and starts the 30 s wait', () => {
    const sending = run(sms, typed, send());
    expect(sendButton(numberStep(sending.state), hk)).toBe('sending');
    expect(run(sms, sending.state, send()).state).toBe(sending.state);
    const done = reply(sms, sending, answer);
    expect(sendButton(numberStep(done.state), hk)).toBe('sent');
    // Where the code went, in E.164 as it was sent, for the page to say.
    expect(numberStep(done.state).sent).toEqual({ to: hk, phoneNumber: '+85291234567', factorId: answer.id, resendDue: false });
    expect(done.commands).toEqual([{ type: 'startTimer', timer: 'resend', ms: PHONE_RESEND_AFTER_MS, event: { type: 'resendDue' } }]);
    expect(PHONE_RESEND_AFTER_MS).toBe(30_000);
  });

  it('offers resend after 30 s only while number, country and extension are unchanged', () => {
    const due = numberStep(run(sms, typed, send(), sent, { type: 'resendDue' }).state);
    expect(sendButton(due, hk)).toBe('resend');
    expect(sendButton(due, { ...hk, phone: '9123 4568' })).toBe('send');
    expect(sendButton(due, { ...hk, country: 'MO' })).toBe('send');
    expect(sendButton(due, { ...hk, extension: '12' })).toBe('send');
  });

  it('does not send the same number again before the 30 s are up, and does after', () => {
    const done = run(sms, typed, send(), sent).state;
    expect(run(sms, done, send()).commands).toEqual([]);
    expect(run(sms, done, send({ ...hk, phone: '9123 4568' }, '+85291234568')).commands).toMatchObject([{ type: 'call', call: 'enrollPhoneFactor' }]);
    expect(run(sms, done, { type: 'resendDue' }, send()).commands).toMatchObject([{ type: 'call', call: 'enrollPhoneFactor' }]);
  });

  it('remembers where the latest code went', () => {
    const other: PhoneTarget = { ...hk, phone: '6123 4567' };
    const resent = reply(sms, run(sms, typed, send(), sent, send(other, '+85261234567')), answer);
    expect(numberStep(resent.state).sent).toMatchObject({ to: other, phoneNumber: '+85261234567' });
  });

  it('finishes at once when the server answers ACTIVE', () => {
    const active = example<EnrollmentResponse>('enrollPhoneFactor', 'active');
    expect(reply(sms, run(sms, typed, send()), active).commands).toEqual([{ type: 'finish', message: 'mfa.sms.success' }]);
  });

  it('shows the banner when sending fails, with the error, or is answered without a status', () => {
    const error = new Error('Invalid phone number');
    expect(run(sms, typed, send(), { type: 'sendFailed', error }).state).toEqual({ step: 'phone', pending: undefined, banner: { error } });
    const silent = numberStep(reply(sms, run(sms, typed, send()), withoutStatus).state);
    expect(silent).toEqual({ step: 'phone', pending: undefined, banner: { error: undefined } });
  });

  it('verifies only after a send, once, and shows the banner on failure', () => {
    expect(run(sms, typed, { type: 'verify', passCode: '123456' }).commands).toEqual([]);
    const verifying = run(sms, typed, send(), sent, { type: 'verify', passCode: '123456' });
    expect(verifying.state).toMatchObject({ pending: 'activateFactor' });
    expect(verifying.commands).toMatchObject([
      { type: 'call', call: 'activateFactor', input: { factorId: answer.id, data: { passCode: '123456' } } },
    ]);
    expect(run(sms, verifying.state, { type: 'verify', passCode: '123456' }).state).toBe(verifying.state);
    expect(run(sms, verifying.state, { type: 'verifyFailed', error: 'x' }).state).toMatchObject({ pending: undefined, banner: { error: 'x' } });
    expect(reply(sms, verifying, withoutStatus).state).toMatchObject({ pending: undefined, banner: { error: undefined } });
    expect(reply(call, verifying, { ...answer, status: 'ACTIVE' }).commands).toEqual([{ type: 'finish', message: 'mfa.call.success' }]);
  });

  it('hides the banner when the next send starts', () => {
    const failed = run(sms, typed, send(), { type: 'sendFailed', error: 'x' }).state;
    expect(numberStep(run(sms, failed, send()).state).banner).toBeUndefined();
  });
});

describe('readPhoneDraft', () => {
  it('reads the number typed before a sign-in round trip', () => {
    expect(readPhoneDraft(JSON.stringify({ country: 'HK', phone: '9123 4567', extension: '12' }), isKnownCountry)).toEqual({
      country: 'HK',
      phone: '9123 4567',
      extension: '12',
    });
    expect(readPhoneDraft(JSON.stringify({ country: 'HK', phone: '9123 4567' }), isKnownCountry)).toEqual({
      country: 'HK',
      phone: '9123 4567',
      extension: '',
    });
  });

  it.each([undefined, '', '{broken', 'null', JSON.stringify({ phone: 5 }), JSON.stringify({ country: 'XX', phone: '1' })])(
    'ignores a draft it cannot read: %j',
    (draft) => {
      expect(readPhoneDraft(draft, isKnownCountry)).toBeUndefined();
    },
  );
});
