import { describe, expect, it } from 'vitest';
import type { CustomTotpSecretResponse } from '../../../../generated/model';
import { example } from '../../../../tests/support/examples';
import { FACTOR_KINDS } from '../factorKinds';
import { customWizardMachine, type CustomEvent, type CustomState } from './customWizard.machine';
import { factorApi, type FactorCalls } from './factorApi';
import { answerEvent, type Transition } from './wizardMachine';

const kind = FACTOR_KINDS.find((each) => each.wizard === 'custom');
if (kind?.wizard !== 'custom') throw new Error('no custom kind');
const custom = customWizardMachine(kind);

type Step = Transition<CustomState, CustomEvent, FactorCalls>;

function run(state: CustomState, ...events: CustomEvent[]): Step {
  return events.reduce<Step>((last, event) => custom.transition(last.state, event), { state, commands: [] });
}

/** The answer to the call `last` asked for, as the runner hands it to the machine. */
function reply(last: Step, answer: unknown): Step {
  const call = last.commands.find((command) => command.type === 'call');
  if (!call) throw new Error('no call was asked for');
  return custom.transition(last.state, answerEvent(factorApi, call, answer));
}

const loaded: CustomEvent = { type: 'secretLoaded', answer: example<CustomTotpSecretResponse>('getCustomTotpSecret', 'new-user') };
const atScan = run(custom.initial, { type: 'next' }, loaded).state;

describe('custom authenticator machine', () => {
  it('asks for the secret on the barcode step, and reads secret and issuer from it', () => {
    const scan = run(custom.initial, { type: 'next' });
    expect(scan.state).toEqual({ step: 'scan', view: 'barcode', pending: 'getCustomTotpSecret' });
    expect(scan.commands).toMatchObject([{ type: 'call', call: 'getCustomTotpSecret' }]);
    expect(reply(scan, loaded.answer).state).toEqual(atScan);
    expect(atScan).toMatchObject({ secret: { status: 'ready', secret: 'JBSWY3DPEHPK3PXP', issuer: 'University Account' } });
  });

  it('says so when the secret cannot be read or fetched, and cannot go on', () => {
    const garbage = run(custom.initial, { type: 'next' }, { type: 'secretLoaded', answer: { data: { otpContent: 'garbage' } } }).state;
    expect(garbage).toMatchObject({ pending: undefined, secret: { status: 'failed' } });
    expect(run(garbage, { type: 'next' }).state).toBe(garbage);
    expect(run(custom.initial, { type: 'next' }, { type: 'secretFailed' }).state).toMatchObject({ pending: undefined, secret: { status: 'failed' } });
  });

  it('keeps waiting for the secret through Back and Next, and asks again only for a failed one', () => {
    const loading = run(custom.initial, { type: 'next' }).state;
    const intro = run(loading, { type: 'back' }).state;
    expect(intro).toEqual({ step: 'intro', pending: 'getCustomTotpSecret' });
    const again = run(intro, { type: 'next' });
    expect(again).toEqual({ state: loading, commands: [] });
    const failed = run(loading, { type: 'secretFailed' }, { type: 'back' }, { type: 'next' });
    expect(failed.commands).toMatchObject([{ type: 'call', call: 'getCustomTotpSecret' }]);
  });

  it('goes intro, barcode, code and back, keeping the secret it has', () => {
    const code = run(atScan, { type: 'next' }).state;
    expect(code).toMatchObject({ step: 'code', otp: { secret: 'JBSWY3DPEHPK3PXP' } });
    expect(run(code, { type: 'back' }).state).toMatchObject({ step: 'scan', secret: { status: 'ready' } });
    const again = run(atScan, { type: 'back' }, { type: 'next' });
    expect(again.state).toMatchObject({ step: 'scan', secret: { status: 'ready' } });
    expect(again.commands).toEqual([]);
    expect(custom.back?.from).toEqual(['scan', 'code']);
  });

  it('toggles barcode and secret', () => {
    expect(run(atScan, { type: 'view', view: 'manual' }).state).toMatchObject({ view: 'manual' });
  });

  it('verifies once, on the code step, with issuer, secret, code and the time it was entered', () => {
    expect(run(custom.initial, { type: 'verify', passCode: '1', enteredAt: 1 }).commands).toEqual([]);
    const verifying = run(atScan, { type: 'next' }, { type: 'verify', passCode: '654321', enteredAt: 1_790_000_000_000 });
    expect(verifying.commands).toMatchObject([
      {
        type: 'call',
        call: 'enrollCustomTotp',
        input: { issuer: 'University Account', secret: 'JBSWY3DPEHPK3PXP', passCode: '654321', timestamp: 1_790_000_000_000 },
      },
    ]);
    expect(run(verifying.state, { type: 'verify', passCode: '1', enteredAt: 2 }).state).toBe(verifying.state);
    expect(run(verifying.state, { type: 'verifyFailed' }).state).toMatchObject({ step: 'code', pending: undefined });
    expect(reply(verifying, { status: true }).commands).toEqual([{ type: 'finish', message: 'mfa.custom.success' }]);
    expect(reply(verifying, {})).toEqual({ state: { ...verifying.state, pending: undefined }, commands: [] });
  });
});
