import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../shared/api/queryClient';
import { useWizard } from './useWizard';
import { wizardKit, type WizardApi, type WizardMachine } from './wizardMachine';

const navigate = vi.fn(async () => undefined);
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

/** A call whose answer the test gives when it likes. */
function deferred() {
  let settle: { resolve: (answer: unknown) => void; reject: (error: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
  const promise = new Promise<unknown>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

type Calls = { enroll: (input: string) => Promise<unknown>; read: (input: string) => Promise<unknown> };
type State = { step: 'one' | 'two'; pending?: keyof Calls; got?: unknown; failed?: unknown };
type Event =
  { type: 'ask'; call: keyof Calls; input: string } | { type: 'got'; answer: unknown } | { type: 'failed'; error: unknown } | { type: 'leave' };

const { go, request } = wizardKit<State, Event, Calls>();

/** Asks for a call on `ask` (again and again), keeps what comes back, and leaves the step on `leave`. */
const machine: WizardMachine<State, Event, Calls> = {
  steps: ['one', 'two'],
  initial: { step: 'one' },
  transition: (state, event) => {
    switch (event.type) {
      case 'ask':
        return request(state, event.call, event.input, {
          done: (answer) => ({ type: 'got', answer }),
          failed: (error) => ({ type: 'failed', error }),
        });
      case 'got':
        return go({ step: state.step, got: event.answer });
      case 'failed':
        return go({ step: state.step, failed: event.error });
      case 'leave':
        return go({ step: 'two' });
    }
  },
  showsCallFailures: true,
};

function setup() {
  const answers: Array<ReturnType<typeof deferred>> = [];
  const asked: Array<[keyof Calls, string]> = [];
  const call = (name: keyof Calls) => (input: string) => {
    asked.push([name, input]);
    answers.push(deferred());
    return answers.at(-1)!.promise;
  };
  const api: WizardApi<Calls> = {
    calls: { enroll: call('enroll'), read: call('read') },
    needStatus: ['enroll'],
    refreshes: [['factors']],
    leavesTo: '/profile/question',
  };
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const view = renderHook(() => useWizard(machine, api), { wrapper });
  const send = (event: Event) => act(async () => view.result.current.dispatch(event));
  const answer = (index: number, value: unknown) => act(async () => answers[index]!.resolve(value));
  return { ...view, send, answer, answers, asked, state: () => view.result.current.state };
}

describe('useWizard', () => {
  it('leaves for the list its api names on Cancel, not for a page of its own', async () => {
    const wizard = setup();
    navigate.mockClear();
    await act(async () => wizard.result.current.cancel());
    expect(navigate).toHaveBeenCalledWith({ to: '/profile/question' });
  });

  it('makes the call through the api it is given, waiting for it until its answer comes', async () => {
    const wizard = setup();
    await wizard.send({ type: 'ask', call: 'enroll', input: 'x' });
    expect(wizard.asked).toEqual([['enroll', 'x']]);
    expect(wizard.state()).toEqual({ step: 'one', pending: 'enroll' });
    await wizard.answer(0, { status: 'ACTIVE' });
    expect(wizard.state()).toEqual({ step: 'one', got: { status: 'ACTIVE' } });
  });

  it('reads an answer without a status as a failure with no error, for the calls that need one only', async () => {
    const wizard = setup();
    await wizard.send({ type: 'ask', call: 'enroll', input: 'x' });
    await wizard.answer(0, { id: 'f1' });
    expect(wizard.state()).toEqual({ step: 'one', failed: undefined });
    await wizard.send({ type: 'ask', call: 'read', input: 'y' });
    await wizard.answer(1, { id: 'f1' });
    expect(wizard.state()).toEqual({ step: 'one', got: { id: 'f1' } });
  });

  it('brings a failed call back as its failure, with the error', async () => {
    const wizard = setup();
    await wizard.send({ type: 'ask', call: 'read', input: 'x' });
    const error = new Error('refused');
    await act(async () => wizard.answers[0]!.reject(error));
    expect(wizard.state()).toEqual({ step: 'one', failed: error });
  });

  it('drops the answer to a call a later one replaced', async () => {
    const wizard = setup();
    await wizard.send({ type: 'ask', call: 'enroll', input: 'first' });
    await wizard.send({ type: 'ask', call: 'enroll', input: 'second' });
    await wizard.answer(0, { status: 'first' });
    expect(wizard.state()).toEqual({ step: 'one', pending: 'enroll' });
    await wizard.answer(1, { status: 'second' });
    expect(wizard.state()).toEqual({ step: 'one', got: { status: 'second' } });
  });

  it('drops the answer, or the failure, of a call the state no longer waits for', async () => {
    const wizard = setup();
    await wizard.send({ type: 'ask', call: 'enroll', input: 'x' });
    await wizard.send({ type: 'leave' });
    await wizard.answer(0, { status: 'ACTIVE' });
    expect(wizard.state()).toEqual({ step: 'two' });
    await wizard.send({ type: 'ask', call: 'read', input: 'y' });
    await wizard.send({ type: 'leave' });
    await act(async () => wizard.answers[1]!.reject(new Error('late')));
    expect(wizard.state()).toEqual({ step: 'two' });
  });

  it('drops answers that come after the wizard is left', async () => {
    const wizard = setup();
    await wizard.send({ type: 'ask', call: 'enroll', input: 'x' });
    const before = wizard.state();
    wizard.unmount();
    await wizard.answer(0, { status: 'ACTIVE' });
    expect(wizard.result.current.state).toBe(before);
  });
});
