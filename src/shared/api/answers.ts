import { FactorType } from '../../../generated/model';

/**
 * How the portal reads the answers of the calls that change something (spec sections 7 and 8).
 * They come from a backend that relays Okta, so they are read for what they say, not for what
 * was hoped.
 */

const statusOf = (answer: unknown) => (typeof answer === 'object' && answer !== null ? (answer as { status?: unknown }).status : undefined);

/**
 * An enrollment or activation counts only when its answer carries a status: "failed enrollment or
 * activation with no status in the response aborts silently (or shows the banner for SMS and
 * call)".
 */
export function hasStatus(answer: unknown): boolean {
  const status = statusOf(answer);
  return (typeof status === 'string' && status.trim() !== '') || status === true;
}

/**
 * Whether a change happened, as its answer says: "data truthy = success" (spec section 7, the
 * factor's removal; the contract's `{status}` answers read the same). A plain `true` is success;
 * an answer that says `status: false` is not, whatever else it holds; nothing at all (an empty
 * body) is not.
 */
export function isDone(answer: unknown): boolean {
  return Boolean(answer) && statusOf(answer) !== false;
}

/** Whether a factor is the security question, compared ignoring case (spec section 3). */
export function isQuestionFactor(factor: { factorType: string }): boolean {
  return factor.factorType.toLowerCase() === FactorType.question;
}
