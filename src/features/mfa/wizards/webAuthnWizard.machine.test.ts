import { describe, expect, it } from 'vitest';
import type { PasskeyRegistration, PasskeyRegistrationOptions } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { ApiError } from '../../../shared/api/ApiError';
import { FACTOR_KINDS } from '../factorKinds';
import { passkeyFailure } from './passkey';
import { passkeyApi, type PasskeyCalls } from './passkeyApi';
import { isWorking, webAuthnWizardMachine, type WebAuthnEvent, type WebAuthnState } from './webAuthnWizard.machine';
import { answerEvent, type Transition } from './wizardMachine';

const kind = FACTOR_KINDS.find((each) => each.wizard === 'webauthn');
if (kind?.wizard !== 'webauthn') throw new Error('no webauthn kind');
const webauthn = webAuthnWizardMachine(kind);

type Step = Transition<WebAuthnState, WebAuthnEvent, PasskeyCalls>;

function run(state: WebAuthnState, ...events: WebAuthnEvent[]): Step {
  return events.reduce<Step>((last, event) => webauthn.transition(last.state, event), { state, commands: [] });
}

/** The answer to the call `last` asked for, as the runner hands it to the machine. */
function reply(last: Step, answer: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return webauthn.transition(last.state, answerEvent(passkeyApi, call, answer));
}

/** A failure of the call `last` asked for. */
function fail(last: Step, error: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return webauthn.transition(last.state, call.failed(error));
}

const options = example<PasskeyRegistrationOptions>('getPasskeyRegistrationOptions', 'new-user');
const registration = example<PasskeyRegistration>('registerPasskey', 'new-user', 'request');

describe('passkey machine', () => {
  it('asks the backend for options, the browser for a passkey, and registers it', () => {
    const starting = run(webauthn.initial, { type: 'start' });
    expect(starting.state).toEqual({ step: 'enroll', pending: 'getPasskeyRegistrationOptions' });
    const creating = reply(starting, options);
    expect(creating.state).toEqual({ step: 'enroll', pending: 'createPasskey' });
    expect(creating.commands).toMatchObject([{ type: 'call', call: 'createPasskey', input: options }]);
    const registering = reply(creating, registration);
    expect(registering.commands).toMatchObject([{ type: 'call', call: 'registerPasskey', input: registration }]);
    const done = reply(registering, example('registerPasskey', 'new-user'));
    expect(done.commands).toEqual([{ type: 'finish', message: 'mfa.webauthn.success' }]);
    expect(isWorking(done.state)).toBe(true);
  });

  it('is busy from the click to the end, and starts once', () => {
    const starting = run(webauthn.initial, { type: 'start' }).state;
    expect(isWorking(starting)).toBe(true);
    expect(run(starting, { type: 'start' }).commands).toEqual([]);
    expect(isWorking(webauthn.initial)).toBe(false);
  });

  it.each([
    ['the person cancels the prompt', 'createPasskey', new DOMException('x', 'NotAllowedError'), { reason: 'cancelled' }],
    ['the authenticator already holds one', 'createPasskey', new DOMException('x', 'InvalidStateError'), { reason: 'exists' }],
    ['the browser has no passkeys', 'createPasskey', new DOMException('x', 'NotSupportedError'), { reason: 'unsupported' }],
    [
      'the server refuses the registration',
      'registerPasskey',
      new ApiError('This passkey request has expired.', 'server', 400),
      { reason: 'refused', message: 'This passkey request has expired.' },
    ],
    ['the options cannot be had', 'getPasskeyRegistrationOptions', new TypeError('x'), { reason: 'refused' }],
  ] as const)('says what happened when %s, and may start again', (_, at, error, failure) => {
    let step = run(webauthn.initial, { type: 'start' });
    if (at !== 'getPasskeyRegistrationOptions') step = reply(step, options);
    if (at === 'registerPasskey') step = reply(step, registration);
    const failed = fail(step, error);
    expect(failed).toEqual({ state: { step: 'enroll', failed: failure }, commands: [] });
    expect(isWorking(failed.state)).toBe(false);
    expect(run(failed.state, { type: 'start' }).commands).toMatchObject([{ type: 'call', call: 'getPasskeyRegistrationOptions' }]);
  });

  it('reads an abort as a cancel, and anything else as a refusal', () => {
    expect(passkeyFailure(new DOMException('x', 'AbortError'))).toEqual({ reason: 'cancelled' });
    expect(passkeyFailure(new DOMException('x', 'SecurityError'))).toEqual({ reason: 'unsupported' });
    expect(passkeyFailure('odd')).toEqual({ reason: 'refused' });
  });

  it('is one step without Back', () => {
    expect(webauthn.steps).toEqual(['enroll']);
    expect(webauthn.back).toBeUndefined();
  });
});
