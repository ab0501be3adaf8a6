import type {
  ActivateFactorRequest,
  Activation,
  CustomTotpSecretResponse,
  EnrollCustomTotpRequest,
  EnrollEmailFactorRequest,
  EnrollFactorRequest,
  EnrollPhoneFactorRequest,
  EnrollmentResponse,
  OperationStatus,
} from '../../../../generated/model';
import type { MessageKey } from '../../../messages/t';
import type { PollOutcome } from './activationPoll';

/** How a command's outcome comes back: as the machine's next event. */
interface Outcome<Answer, E> {
  done: (answer: Answer) => E;
  failed: (error: unknown) => E;
}

/** A call to the backend, through the generated client (toasts, sign-in and step-up as for any call). */
export type Call<E> =
  | ({ type: 'enrollFactor'; data: EnrollFactorRequest } & Outcome<EnrollmentResponse, E>)
  | ({ type: 'enrollPhoneFactor'; data: EnrollPhoneFactorRequest } & Outcome<EnrollmentResponse, E>)
  | ({ type: 'enrollEmailFactor'; data: EnrollEmailFactorRequest } & Outcome<EnrollmentResponse, E>)
  | ({ type: 'enrollCustomTotp'; data: EnrollCustomTotpRequest } & Outcome<OperationStatus, E>)
  | ({ type: 'activateFactor'; factorId: string; data: ActivateFactorRequest } & Outcome<EnrollmentResponse, E>)
  | ({ type: 'getCustomTotpSecret' } & Outcome<CustomTotpSecretResponse, E>);

/** What a machine asks for; the wizard runner (useWizard) does it. */
export type Command<E> =
  | Call<E>
  /** The browser makes a WebAuthn credential for the server's activation options. */
  | ({ type: 'createCredential'; activation: Activation } & Outcome<ActivateFactorRequest, E>)
  /** `event` after `ms`; a timer of the same name starts over. */
  | { type: 'startTimer'; timer: string; ms: number; event: E }
  /** Done: the factor data refreshed, this message, back to /profile/mfa. */
  | { type: 'finish'; message: MessageKey };

export interface Transition<S, E> {
  state: S;
  commands: ReadonlyArray<Command<E>>;
}

/** The activation a state waits for, polled every 5 s while it does. */
export interface PollTarget {
  factorId: string;
  /** Tells one enrolment's activation from the next, for the same factor id. */
  attempt: number;
}

/**
 * An enrolment wizard as a pure machine: states are a discriminated union of steps, and every
 * event gives the next state and the commands that go with it. Timers, calls and polling are
 * commands, done by useWizard; so a machine is tested by feeding it events.
 */
export interface WizardMachine<S extends { step: string }, E extends { type: string }> {
  /** The steps in the order they are shown: "Step n of m" counts them. */
  readonly steps: ReadonlyArray<S['step']>;
  readonly initial: S;
  transition(state: S, event: E): Transition<S, E>;
  /** Back: the steps that offer it, and the event it sends. */
  readonly back?: { readonly from: ReadonlyArray<S['step']>; readonly event: E };
  /** A pending activation to poll, and the event that brings its end. */
  readonly poll?: { target(state: S): PollTarget | undefined; ended(outcome: Exclude<PollOutcome, 'waiting'>): E };
  /** The wizard shows failed calls itself (a banner, an error box): no toast on top. */
  readonly showsCallFailures?: boolean;
}

/** No change. */
export const stay = <S, E>(state: S): Transition<S, E> => ({ state, commands: [] });

/** The next state, and what to do for it (the events its commands bring are the machine's own). */
export const go = <S, E>(state: S, ...commands: Array<Command<NoInfer<E>>>): Transition<S, E> => ({ state, commands });
