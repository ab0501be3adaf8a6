import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pollFactorActivation } from '../../../../generated/api/enrollment/enrollment';
import type { FactorActivationPoll } from '../../../../generated/model';
import { FactorStatus } from '../../../../generated/model/factorStatus';

/** How often a pending activation is polled (spec section 9). */
export const POLL_INTERVAL_MS = 5000;

export type PollOutcome = 'waiting' | 'active' | 'timeout' | 'failed';

/**
 * factorResult values that end a pending activation without success (Okta's Factors API).
 * REJECTED is not one: the person declined on the phone and may still accept a new prompt.
 */
const ENDED = new Set(['TIMEOUT', 'CANCELLED', 'ERROR']);

/**
 * What one poll means: ACTIVE succeeds, TIMEOUT (or another end) stops with a resend, a failed
 * poll stops too. Okta answers with `factorResult` alone while pending and with the whole
 * factor (`status` ACTIVE, no `factorResult`) once done; either, or both, are read.
 */
export function pollOutcome(result: FactorActivationPoll | 'error'): PollOutcome {
  if (result === 'error') return 'failed';
  if (result.status === 'ACTIVE' || result.factorResult === 'SUCCESS') return 'active';
  if (result.factorResult && ENDED.has(result.factorResult)) return 'timeout';
  return 'waiting';
}

/** The activation a wizard waits for, polled every 5 s while it does. */
export interface PollTarget {
  factorId: string;
  /** Tells one enrollment's activation from the next, for the same factor id. */
  enrollment: number;
}

/**
 * Polls the activation of `target` (none: no poll) until it ends, then tells `onEnd` how. The
 * enrollment's own answer is the first reading. `onEnd` must keep its identity (a wizard's
 * dispatch does).
 */
export function useActivationPoll(target: PollTarget | undefined, onEnd: (outcome: Exclude<PollOutcome, 'waiting'>) => void): void {
  const poll = useQuery({
    queryKey: ['pollFactorActivation', target?.factorId, target?.enrollment],
    queryFn: target ? ({ signal }) => pollFactorActivation(target.factorId, { signal }) : skipToken,
    // Pending, as the enrollment said: the first poll comes one interval later (spec section 9).
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
  let outcome: PollOutcome | undefined;
  if (target) outcome = poll.isError ? 'failed' : poll.data ? pollOutcome(poll.data) : 'waiting';
  useEffect(() => {
    if (outcome !== undefined && outcome !== 'waiting') onEnd(outcome);
  }, [outcome, onEnd]);
}
