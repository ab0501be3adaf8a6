import type { FactorActivationPoll } from '../../../../generated/model';

/** How often a pending activation is polled (spec section 9). */
export const POLL_INTERVAL_MS = 5000;

export type PollOutcome = 'waiting' | 'active' | 'timeout' | 'failed';

/** What one poll means: ACTIVE succeeds, TIMEOUT stops with a resend, a failed poll stops too. */
export function pollOutcome(result: FactorActivationPoll | 'error'): PollOutcome {
  if (result === 'error') return 'failed';
  if (result.status === 'ACTIVE') return 'active';
  if (result.factorResult === 'TIMEOUT') return 'timeout';
  return 'waiting';
}
