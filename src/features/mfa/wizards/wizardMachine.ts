import type { QueryKey } from '@tanstack/react-query';
import type { NavigateOptions } from '@tanstack/react-router';
import type { MessageKey } from '../../../messages/pageTexts';
import { hasStatus } from '../../../shared/api/answers';

/**
 * The calls a machine may ask for, by name, each taking one input: the backend's endpoints (and
 * the browser's, for WebAuthn). The wizard passes them to the runner (factorApi.ts for the
 * enrollment wizards), so neither the machines nor the runner are bound to one API.
 */
export type Calls = Record<string, (input: never) => Promise<unknown>>;

export type CallName<C extends Calls> = keyof C & string;

/** What the runner reaches the outside world through, passed in by the wizard. */
export interface WizardApi<C extends Calls> {
  readonly calls: C;
  /**
   * The calls whose answer counts only when it carries a status: one without is a failure
   * with no error, which the wizard shows as it shows any other (spec section 8: "failed
   * enrollment or activation with no status in the response aborts silently (or shows the
   * banner for SMS and call)").
   */
  readonly needStatus: ReadonlyArray<CallName<C>>;
  /** The data a finished wizard has changed, refreshed before the list shows again. */
  readonly refreshes: ReadonlyArray<QueryKey>;
  /** Where a wizard goes when it ends, finished or cancelled: the list it was started from. */
  readonly leavesTo: NavigateOptions['to'];
}

/**
 * How every state says a call is in flight: `pending` names the call it waits for, and is
 * absent while it waits for none. The runner delivers a call's answer only while the state
 * still names that call and no later call was asked for; any other answer is dropped, so a
 * machine never checks whether an answer is stale.
 */
export interface Waiting<C extends Calls> {
  pending?: CallName<C>;
}

/** A call, and how its outcome comes back: as the machine's next event. */
export type Call<E, C extends Calls> = {
  [K in CallName<C>]: {
    type: 'call';
    call: K;
    input: Parameters<C[K]>[0];
    done: (answer: Awaited<ReturnType<C[K]>>) => E;
    failed: (error: unknown) => E;
  };
}[CallName<C>];

/**
 * The event an answer to `call` brings: its `done`, or its `failed`, with no error, when the
 * answer must carry a status and does not.
 */
export function answerEvent<E, C extends Calls>(api: Pick<WizardApi<C>, 'needStatus'>, call: Call<E, C>, answer: unknown): E {
  if (api.needStatus.includes(call.call) && !hasStatus(answer)) return call.failed(undefined);
  return call.done(answer as never);
}

/** What a machine asks for; the wizard runner (useWizard) does it. */
export type Command<E, C extends Calls> =
  /** Through the query client's mutations: toasts, sign-in and step-up as for any call. */
  | Call<E, C>
  /** `event` after `ms`; a timer of the same name starts over. */
  | { type: 'startTimer'; timer: string; ms: number; event: E }
  /** Done: the changed data refreshed, this message, back to /profile/mfa. */
  | { type: 'finish'; message: MessageKey };

export interface Transition<S, E, C extends Calls> {
  state: S;
  commands: ReadonlyArray<Command<E, C>>;
}

/**
 * An enrollment wizard as a pure machine: states are a discriminated union of steps, and every
 * event gives the next state and the commands that go with it. Timers and calls are commands,
 * done by useWizard; so a machine is tested by feeding it events.
 */
export interface WizardMachine<S extends { step: string } & Waiting<C>, E extends { type: string }, C extends Calls> {
  /** The steps in the order they are shown: "Step n of m" counts them. */
  readonly steps: ReadonlyArray<S['step']>;
  readonly initial: S;
  transition(state: S, event: E): Transition<S, E, C>;
  /** Back: the steps that offer it, and the event it sends. */
  readonly back?: { readonly from: ReadonlyArray<S['step']>; readonly event: E };
  /** The wizard shows failed calls itself (a banner, an error box): no toast on top. */
  readonly showsCallFailures?: boolean;
}

/** The helpers a machine's transitions are written with, typed for its states, events and calls. */
export function wizardKit<S extends Waiting<C>, E, C extends Calls>() {
  /** The next state, and what to do for it. */
  const go = (state: S, ...commands: Array<Command<E, C>>): Transition<S, E, C> => ({ state, commands });
  /** No change. */
  const stay = (state: S): Transition<S, E, C> => ({ state, commands: [] });
  /** `state`, waiting for `call` with `input`; its answer or failure comes back as `outcome` says. */
  const request = <K extends CallName<C>>(
    state: S,
    call: K,
    input: Parameters<C[K]>[0],
    outcome: { done: (answer: Awaited<ReturnType<C[K]>>) => E; failed: (error: unknown) => E },
  ): Transition<S, E, C> => go({ ...state, pending: call }, { type: 'call', call, input, ...outcome } as Call<E, C>);
  return { go, stay, request };
}
