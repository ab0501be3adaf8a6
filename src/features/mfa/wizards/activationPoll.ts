import type { FactorActivationPoll } from '../../../../generated/model';

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
