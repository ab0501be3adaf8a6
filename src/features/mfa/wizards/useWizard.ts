import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  activateFactor,
  enrollCustomTotp,
  enrollEmailFactor,
  enrollFactor,
  enrollPhoneFactor,
  getCustomTotpSecret,
  getGetFactorsQueryKey,
  pollFactorActivation,
} from '../../../../generated/api/factors/factors';
import type { ActivateFactorRequest, Activation } from '../../../../generated/model';
import { FactorStatus } from '../../../../generated/model/factorStatus';
import { useT } from '../../../messages/t';
import { config } from '../../../shared/config';
import { toast } from '../../../shared/ui/toast';
import { POLL_INTERVAL_MS, pollOutcome } from './activationPoll';
import { activationPayload, creationOptions } from './webauthn';
import type { Call, PollTarget, WizardMachine } from './wizardMachine';

/** What a wizard's steps show and offer. */
export interface Wizard<S, E> {
  state: S;
  dispatch: (event: E) => void;
  /** "Step n of m", counted from the machine's steps. */
  step: number;
  total: number;
  /** Undefined where the step offers no Back. */
  back?: () => void;
  /** Leaves the wizard for /profile/mfa. */
  cancel: () => void;
}

/** The parts of a wizard its step frame needs. */
export type WizardNav = Pick<Wizard<unknown, unknown>, 'step' | 'total' | 'back' | 'cancel'>;

async function perform<E>(call: Call<E>): Promise<E> {
  switch (call.type) {
    case 'enrollFactor':
      return call.done(await enrollFactor(call.data));
    case 'enrollPhoneFactor':
      return call.done(await enrollPhoneFactor(call.data));
    case 'enrollEmailFactor':
      return call.done(await enrollEmailFactor(call.data));
    case 'enrollCustomTotp':
      return call.done(await enrollCustomTotp(call.data));
    case 'activateFactor':
      return call.done(await activateFactor(call.factorId, call.data));
    case 'getCustomTotpSecret':
      return call.done(await getCustomTotpSecret());
  }
}

/** The browser's new credential for the server's options, as the activate call wants it. */
async function createCredential(activation: Activation): Promise<ActivateFactorRequest> {
  if (!navigator.credentials?.create) throw new Error('This browser has no Web Authentication');
  const credential = await navigator.credentials.create({ publicKey: creationOptions(activation, config.webauthnRpId) });
  if (!credential) throw new Error('No credential was created');
  return activationPayload(credential as PublicKeyCredential);
}

/** The activation being polled: the enrolment's own answer is the first reading. */
function useActivationPoll(target: PollTarget | undefined) {
  const poll = useQuery({
    queryKey: ['pollFactorActivation', target?.factorId, target?.attempt],
    queryFn: target ? ({ signal }) => pollFactorActivation(target.factorId, { signal }) : skipToken,
    // Pending, as the enrolment said: the first poll comes one interval later (spec section 9).
    initialData: { status: FactorStatus.PENDING_ACTIVATION },
    staleTime: Infinity,
    // The interval runs from each answer, so a poll never starts while the last is still out;
    // it stops once the activation has ended either way.
    refetchInterval: ({ state }) => (state.status === 'success' && state.data && pollOutcome(state.data) === 'waiting' ? POLL_INTERVAL_MS : false),
    // The person may be in the authenticator app on this very device.
    refetchIntervalInBackground: true,
    // A failed poll ends the activation (spec section 4), shown by the step itself.
    retry: false,
    meta: { silent: true },
    // Nothing of an activation stays in the cache once the wizard has moved on from it.
    gcTime: 0,
  });
  if (!target) return undefined;
  if (poll.isError) return 'failed';
  return poll.data ? pollOutcome(poll.data) : 'waiting';
}

/**
 * Runs a wizard machine: keeps its state, does the commands its transitions ask for (calls,
 * timers, the WebAuthn prompt, finishing), polls the activation it waits for, and offers
 * Back and Cancel where its steps do. Events that arrive after the wizard is left are dropped,
 * and its timers die with it; secrets live in its state only.
 *
 * `onLeave` runs when the wizard ends, by finishing or by Cancel.
 */
export function useWizard<S extends { step: string }, E extends { type: string }>(
  machine: WizardMachine<S, E>,
  { onLeave }: { onLeave?: () => void } = {},
): Wizard<S, E> {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState(machine.initial);
  const current = useRef(state);
  const mounted = useRef(false);
  const [timers] = useState(() => new Map<string, ReturnType<typeof setTimeout>>());
  const { mutateAsync: call } = useMutation({ mutationFn: (command: Call<E>) => perform(command), meta: { silent: machine.showsCallFailures } });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      timers.forEach(clearTimeout);
      timers.clear();
    };
  }, [timers]);

  const leave = useCallback(() => {
    onLeave?.();
    void navigate({ to: '/profile/mfa' });
  }, [onLeave, navigate]);

  const dispatch = useCallback(
    (event: E) => {
      if (!mounted.current) return;
      const { state: next, commands } = machine.transition(current.current, event);
      current.current = next;
      setState(next);
      for (const command of commands) {
        switch (command.type) {
          case 'startTimer':
            clearTimeout(timers.get(command.timer));
            timers.set(
              command.timer,
              setTimeout(() => {
                timers.delete(command.timer);
                dispatch(command.event);
              }, command.ms),
            );
            break;
          case 'createCredential':
            createCredential(command.activation).then(
              (payload) => dispatch(command.done(payload)),
              (error: unknown) => dispatch(command.failed(error)),
            );
            break;
          case 'finish':
            onLeave?.();
            void queryClient.invalidateQueries({ queryKey: getGetFactorsQueryKey() }).then(() => {
              toast.success(t(command.message));
              return navigate({ to: '/profile/mfa' });
            });
            break;
          default:
            call(command).then(dispatch, (error: unknown) => dispatch(command.failed(error)));
        }
      }
    },
    [machine, timers, call, queryClient, navigate, onLeave, t],
  );

  const outcome = useActivationPoll(machine.poll?.target(state));
  useEffect(() => {
    if (machine.poll && outcome !== undefined && outcome !== 'waiting') dispatch(machine.poll.ended(outcome));
  }, [machine, outcome, dispatch]);

  const backEvent = machine.back?.from.includes(state.step) ? machine.back.event : undefined;
  return useMemo(
    () => ({
      state,
      dispatch,
      step: machine.steps.indexOf(state.step) + 1,
      total: machine.steps.length,
      back: backEvent ? () => dispatch(backEvent) : undefined,
      cancel: leave,
    }),
    [state, dispatch, machine, backEvent, leave],
  );
}
