import { redirect } from '@tanstack/react-router';
import { t, type FrameKey, type Wording } from '../../messages/t';
import type { Auth, SignInResult } from '../../shared/auth/auth';
import { SignInRefused } from '../../shared/auth/openId';
import { clearLocalState } from '../../shared/auth/session';
import { toast } from '../../shared/ui/toast';

/** Why a callback could not complete: a text of the portal's by its key (so it follows a language switch), or the library's own. */
export type CallbackFailure = Wording<FrameKey>;

/**
 * The identity provider's return address, for its route's loader (run once per visit).
 * Success: on to where the user was going (`afterSignIn` may choose elsewhere: the identity-link
 * flow goes to /profile). Failure of a sign-in this tab started: sign out and clear local
 * storage; the page shows why. A callback address this tab did not ask for (opened from a link,
 * or replayed) signs nobody out and redeems nothing.
 */
export async function completeSignInCallback(
  auth: Auth,
  callbackUrl: string,
  afterSignIn: (result: SignInResult) => string = (result) => result.returnTo,
): Promise<CallbackFailure> {
  if (!auth.isPendingSignIn(callbackUrl)) return { key: 'auth.notExpected' };
  let result: SignInResult;
  try {
    result = await auth.completeSignIn(callbackUrl);
  } catch (reason) {
    await auth.forgetUser().catch(() => undefined);
    clearLocalState();
    if (reason instanceof SignInRefused) return { key: reason.key };
    return { text: reason instanceof Error ? reason.message : String(reason) };
  }
  if (result.stepUp) toast.success(t('auth.stepUpDone'));
  // Only now that the callback has finished: the guard of the next page sees the new session.
  // The page is marked as one a sign-in went on to (a guide's visit goes on there).
  throw redirect({ href: afterSignIn(result), replace: true, state: { afterSignIn: true } });
}
