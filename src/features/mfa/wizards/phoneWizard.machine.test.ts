import { describe, expect, it } from 'vitest';
import { initialPhoneState, phoneReducer, restorePhoneDraft, sendButton, showsCodeBox, type PhoneAction, type PhoneState } from './phoneWizard.machine';

const run = (state: PhoneState, ...actions: PhoneAction[]) => actions.reduce(phoneReducer, state);
const typed = run(initialPhoneState('sms'), { type: 'start' }, { type: 'edit', field: 'country', value: 'HK' }, { type: 'edit', field: 'phone', value: '91234567' });

describe('phone wizard machine', () => {
  it('starts on the intro, then the phone step with the US by default', () => {
    const state = initialPhoneState('sms');
    expect(state.step).toBe('intro');
    expect(run(state, { type: 'start' })).toMatchObject({ step: 'phone', country: 'US' });
  });

  it('refuses to send without a number', () => {
    const state = run(initialPhoneState('call'), { type: 'start' }, { type: 'send' });
    expect(state).toMatchObject({ phoneError: 'required', sending: false });
    expect(run(state, { type: 'edit', field: 'phone', value: '1' }).phoneError).toBeUndefined();
  });

  it('refuses a number that cannot exist in the chosen country, and sends the others in E.164', () => {
    const wrong = run(typed, { type: 'edit', field: 'country', value: 'GB' }, { type: 'send' });
    expect(wrong).toMatchObject({ phoneError: 'invalid', sending: false });
    expect(run(wrong, { type: 'edit', field: 'country', value: 'HK' }).phoneError).toBeUndefined();
    const landline = run(wrong, { type: 'edit', field: 'phone', value: '020 7946 0000' }, { type: 'send' });
    expect(landline).toMatchObject({ phoneError: 'landline', sending: false });
    const uk = run(wrong, { type: 'edit', field: 'phone', value: '07400 123456' }, { type: 'send' });
    expect(uk).toMatchObject({ sending: true, sendingTo: '+447400123456', phoneError: undefined });
  });

  it('sends once, then reads Sent and shows the code box', () => {
    const sending = run(typed, { type: 'send' });
    expect(sending.sendingTo).toBe('+85291234567');
    expect(sendButton(sending)).toBe('sending');
    expect(run(sending, { type: 'send' })).toBe(sending);
    const sent = run(sending, { type: 'sent', factorId: 'f1' });
    expect(sendButton(sent)).toBe('sent');
    expect(showsCodeBox(sent)).toBe(true);
  });

  it('offers resend after 30 s only while number and country are unchanged', () => {
    const due = run(typed, { type: 'send' }, { type: 'sent', factorId: 'f1' }, { type: 'resendDue' });
    expect(sendButton(due)).toBe('resend');
    expect(sendButton(run(due, { type: 'edit', field: 'phone', value: '91234568' }))).toBe('send');
    expect(sendButton(run(due, { type: 'edit', field: 'country', value: 'MO' }))).toBe('send');
    expect(sendButton(run(due, { type: 'edit', field: 'extension', value: '12' }))).toBe('send');
    expect(sendButton(run(due, { type: 'edit', field: 'phone', value: '91234568' }, { type: 'edit', field: 'phone', value: '91234567' }))).toBe('resend');
  });

  it('shows the banner when sending fails', () => {
    expect(run(typed, { type: 'send' }, { type: 'sendFailed' })).toMatchObject({ banner: true, sending: false });
  });

  it('refuses to verify an empty code, verifies once, and shows the banner on failure', () => {
    const sent = run(typed, { type: 'send' }, { type: 'sent', factorId: 'f1' });
    expect(run(sent, { type: 'verify' }).codeError).toBe('required');
    const verifying = run(sent, { type: 'edit', field: 'code', value: '123456' }, { type: 'verify' });
    expect(verifying.verifying).toBe(true);
    expect(run(verifying, { type: 'verify' })).toBe(verifying);
    expect(run(verifying, { type: 'verifyFailed' })).toMatchObject({ verifying: false, banner: true });
  });
});

describe('restorePhoneDraft', () => {
  it('goes back to the number step with what was typed', () => {
    const restored = restorePhoneDraft(initialPhoneState('call'), JSON.stringify({ country: 'HK', phone: '9123 4567', extension: '12' }));
    expect(restored).toMatchObject({ step: 'phone', country: 'HK', phone: '9123 4567', extension: '12', code: '' });
  });

  it.each([undefined, '', '{broken', 'null', JSON.stringify({ phone: 5 })])('ignores a draft it cannot read: %j', (draft) => {
    expect(restorePhoneDraft(initialPhoneState('sms'), draft)).toEqual(initialPhoneState('sms'));
  });
});

describe('restorePhoneDraft: only known countries', () => {
  it('ignores a draft whose country is not in the list', () => {
    expect(restorePhoneDraft(initialPhoneState('sms'), JSON.stringify({ country: 'XX', phone: '1' }))).toEqual(initialPhoneState('sms'));
  });
});
