import { t } from '../../messages/t';
import type { SignInResult } from '../../shared/auth/auth';
import { toast } from '../../shared/ui/toast';
import { settleLinkAfterSignIn } from './linkState';

/**
 * Every completed sign-in passes here: the one carrying this tab's link attempt goes on to the
 * confirmation at /profile; any other discards a stored attempt. A link the person asked for
 * that may not go on is explained. Returns where the user goes next.
 */
export function finishLinkSignIn(result: SignInResult): string {
  const { to, refused } = settleLinkAfterSignIn(result);
  if (refused) toast.error(t('identities.attemptDiscarded'));
  return to;
}
