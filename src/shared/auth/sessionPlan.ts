/** The portal renews the access token this long before it expires. */
export const RENEW_AHEAD_SECONDS = 120;
/** When renewal failed, the user is warned this long before (WCAG 2.2.1: at least 20 s). */
export const WARN_AHEAD_SECONDS = 60;

export interface SessionPlan {
  /** Milliseconds from now until each step; 0 for a step that is already due. */
  renewIn: number;
  warnIn: number;
  endIn: number;
}

/** When to renew, to warn and to call the session ended, for a token expiring at `expiresAt` (s). */
export function sessionPlan(expiresAt: number, nowSeconds: number): SessionPlan {
  const inMs = (seconds: number) => Math.max(0, Math.round(seconds * 1000));
  const left = expiresAt - nowSeconds;
  return { renewIn: inMs(left - RENEW_AHEAD_SECONDS), warnIn: inMs(left - WARN_AHEAD_SECONDS), endIn: inMs(left) };
}
