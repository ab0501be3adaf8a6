import { FactorType } from '../../../generated/model';

/**
 * How the portal reads the answers of the factor calls (spec sections 7 and 8). They come from
 * a backend that relays Okta, so they are read for what they say, not for what was hoped.
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
 * DELETE /api/v1/user/factor/{factorId}: "data truthy = success". A plain `true` is success;
 * an answer that says `status: false` is not, whatever else it holds; nothing at all is not.
 */
export function isRemoved(answer: unknown): boolean {
  return Boolean(answer) && statusOf(answer) !== false;
}

/** Whether a factor is the security question, compared ignoring case (spec section 3). */
export function isQuestionFactor(factor: { factorType: string }): boolean {
  return factor.factorType.toLowerCase() === FactorType.question;
}
