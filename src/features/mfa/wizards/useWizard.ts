import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useT, type MessageKey } from '../../../messages/pageTexts';
import { toast } from '../../../shared/ui/toast';
import { answerEvent, type Call, type Calls, type Waiting, type WizardApi, type WizardMachine } from './wizardMachine';

/** A running wizard: what its steps show and offer. */
export interface WizardRun<S, E> {
  state: S;
  dispatch: (event: E) => void;
  /** "Step n of m", counted from the machine's steps. */
  step: number;
  total: number;
  /** Undefined where the step offers no Back. */
  back?: () => void;
  /** Leaves the wizard for the list it was started from (its api's `leavesTo`). */
  cancel: () => void;
}

/** The parts of a wizard its step frame needs. */
export type WizardNav = Pick<WizardRun<unknown, unknown>, 'step' | 'total' | 'back' | 'cancel'>;

/** Makes a call, and reads its answer as the machine's next event. */
async function perform<E, C extends Calls>(api: WizardApi<C>, call: Call<E, C>): Promise<E> {
  const send = api.calls[call.call] as (input: unknown) => Promise<unknown>;
  return answerEvent(api, call, await send(call.input));
}

/** Named timers that die with the wizard: `start` runs `fire` after `ms`, and a timer of the same name starts over. */
function useTimers() {
  const [timers] = useState(() => new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(
    () => () => {
      timers.forEach(clearTimeout);
      timers.clear();
    },
    [timers],
  );
  return useCallback(
    (name: string, ms: number, fire: () => void) => {
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          fire();
        }, ms),
      );
    },
    [timers],
  );
}

/** Leaving the wizard for its api's list: `cancel` at once, `finish` with the changed data refreshed and the message shown. */
function useLeave({ refreshes, leavesTo }: Pick<WizardApi<Calls>, 'refreshes' | 'leavesTo'>, onLeave: (() => void) | undefined) {
  const t = useT();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMemo(
    () => ({
      cancel: () => {
        onLeave?.();
        void navigate({ to: leavesTo });
      },
      finish: (message: MessageKey) => {
        onLeave?.();
        void Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => {
          toast.success(t(message));
          return navigate({ to: leavesTo });
        });
      },
    }),
    [refreshes, leavesTo, onLeave, queryClient, navigate, t],
  );
}

/**
 * Runs a wizard machine: keeps its state, does the commands its transitions ask for (calls
 * through `api`, timers, finishing), and offers Back and Cancel where its steps do. A call's
 * answer reaches the machine only while its state still waits for that call (see `Waiting`).
 * Events that arrive after the wizard is left are dropped, and its timers die with it; secrets
 * live in its state only.
 *
 * `onLeave` runs when the wizard ends, by finishing or by Cancel.
 */
export function useWizard<S extends { step: string } & Waiting<C>, E extends { type: string }, C extends Calls>(
  machine: WizardMachine<S, E, C>,
  api: WizardApi<C>,
  { onLeave }: { onLeave?: () => void } = {},
): WizardRun<S, E> {
  const [state, setState] = useState(machine.initial);
  const current = useRef(state);
  const mounted = useRef(false);
  /** The last call asked for: an answer to any earlier one is stale. */
  const latestCall = useRef<object>(undefined);
  const startTimer = useTimers();
  const { cancel, finish } = useLeave(api, onLeave);
  const { mutateAsync: call } = useMutation({
    mutationFn: (command: Call<E, C>) => perform(api, command),
    meta: { silent: machine.showsCallFailures },
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const dispatch = useCallback(
    (event: E) => {
      if (!mounted.current) return;
      const { state: next, commands } = machine.transition(current.current, event);
      current.current = next;
      setState(next);
      for (const command of commands) {
        switch (command.type) {
          case 'call': {
            const asked = {};
            latestCall.current = asked;
            // Stale once a later call was asked for, or once the state waits for another call or none.
            const answer = (outcome: E) => {
              if (latestCall.current === asked && current.current.pending === command.call) dispatch(outcome);
            };
            call(command).then(answer, (error: unknown) => answer(command.failed(error)));
            break;
          }
          case 'startTimer':
            startTimer(command.timer, command.ms, () => dispatch(command.event));
            break;
          case 'finish':
            finish(command.message);
            break;
        }
      }
    },
    [machine, call, startTimer, finish],
  );

  const backEvent = machine.back?.from.includes(state.step) ? machine.back.event : undefined;
  return useMemo(
    () => ({
      state,
      dispatch,
      step: machine.steps.indexOf(state.step) + 1,
      total: machine.steps.length,
      back: backEvent ? () => dispatch(backEvent) : undefined,
      cancel,
    }),
    [state, dispatch, machine, backEvent, cancel],
  );
}
