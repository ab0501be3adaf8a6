import { redirect } from '@tanstack/react-router';
import { getSocialAuthorizeUrl } from '../../../generated/api/social-auth/social-auth';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import { browser } from '../../shared/navigation/browser';
import { authorizeOriginOf, socialProvider } from '../../shared/config/socialProviders';
import { createSocialState, pinnedAuthorizeTarget } from './socialLink';
import { socialStateKey } from '../../shared/storage/storageKeys';

/**
 * /auth/{provider}/login, for its route's loader (run once per visit): asks the server where the
 * provider's sign-in is and sends the browser there, with a fresh state where the provider takes
 * one. A failed or empty answer, or one off the provider's pinned origin, goes silently to / (spec
 * section 4).
 */
export async function startSocialLogin(provider: SocialProvider): Promise<void> {
  let state: string | undefined;
  if (socialProvider(provider).sendsState) {
    state = createSocialState();
    window.sessionStorage.setItem(socialStateKey(provider), state);
  }
  const address = await getSocialAuthorizeUrl(provider, state ? { state } : undefined).catch(() => undefined);
  // Only the provider's own sign-in: an address elsewhere is not followed, whoever gave it.
  const target = pinnedAuthorizeTarget(address, authorizeOriginOf(provider), window.location.origin);
  if (!target) throw redirect({ to: '/', replace: true });
  browser.assign(target);
}
