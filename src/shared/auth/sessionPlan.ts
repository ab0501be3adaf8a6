/** The portal renews the access token this long before it expires. */
const RENEW_AHEAD_SECONDS = 120;
/** When renewal failed, the user is warned this long before (WCAG 2.2.1: at least 20 s). */
const WARN_AHEAD_SECONDS = 60;
/** Never renew more often than this, however short the tokens the provider hands out. */
const MIN_RENEW_INTERVAL_SECONDS = 30;
/** The warning waits this long after a due renewal, to see whether it worked. */
const RENEW_GRACE_SECONDS = 5;
/** However late, the warning leaves the user this long to react. */
const MIN_WARNING_SECONDS = 20;

interface SessionPlan {
  /** Milliseconds from now until each step; 0 for a step that is already due. */
  renewIn: number;
  warnIn: number;
  endIn: number;
}

/**
 * When to renew, to warn and to call the session ended, for a token expiring at `expiresAt`
 * (seconds). `lastRenewal` (seconds) spaces renewals out: a provider that hands out tokens of
 * two minutes or less is not asked again at once, in a loop.
 */
export function sessionPlan(expiresAt: number, nowSeconds: number, lastRenewal?: number): SessionPlan {
  const left = expiresAt - nowSeconds;
  const renewAt = Math.max(left - RENEW_AHEAD_SECONDS, lastRenewal === undefined ? 0 : lastRenewal + MIN_RENEW_INTERVAL_SECONDS - nowSeconds);
  const warnAt = Math.min(Math.max(left - WARN_AHEAD_SECONDS, renewAt + RENEW_GRACE_SECONDS), left - MIN_WARNING_SECONDS);
  const inMs = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
  return { renewIn: inMs(Math.min(renewAt, left)), warnIn: inMs(warnAt), endIn: inMs(left) };
}
