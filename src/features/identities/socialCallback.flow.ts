import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { exchangeSocialCode, getIamSmartTokenizedId } from '../../../generated/api/social-auth/social-auth';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import type { FrameKey, Wording } from '../../messages/t';
import type { Auth } from '../../shared/auth/auth';
import { browser } from '../../shared/navigation/browser';
import { takeCallbackQuery } from '../../shared/navigation/callbackQuery';
import { stringParams } from '../../shared/navigation/searchParams';
import { config } from '../../shared/config/config';
import { socialProvider } from '../../shared/config/socialProviders';
import { keepLinkTicket, mayBeginAtSignInPage, saveLinkAttempt, startLinkAttempt, usableLinkAttempt, type LinkAttempt } from './linkState';
import { forgetSignInState } from '../../shared/auth/signInRequest';
import { externalAccountOf, type ExternalAccount } from './socialLink';
import { socialStateKey } from '../../shared/storage/storageKeys';

/**
 * Why a link could not go on: a text of the portal's by its key (so it follows a language
 * switch), or a server's own; `offerLink` when the way on is the ordinary link from the profile.
 */
export type LinkFailure = Wording<FrameKey> & { offerLink?: true };

class LinkError extends Error {
  constructor(
    readonly key: FrameKey,
    readonly offerLink = false,
  ) {
    super(key);
  }
}

/**
 * Exchanges the provider's code for a token, whose subject is the external id; the backend may
 * add a ticket for the account it found.
 */
async function exchange(provider: SocialProvider, code: string, state: string | undefined): Promise<{ account?: ExternalAccount; ticket?: string }> {
  if (socialProvider(provider).exchange === 'tokenized-id') {
    const { data } = await getIamSmartTokenizedId({ code, idp: provider, state: state ?? '' });
    // A tokenized id names nobody; only iAM Smart's own profile names, if it carries them, may be shown.
    return { account: externalAccountOf(data.access_token, { profile: true }), ticket: data.link_ticket };
  }
  const answer = await exchangeSocialCode(provider, { code });
  return { account: externalAccountOf(answer.id_token ?? answer.access_token), ticket: answer.link_ticket };
}

/**
 * The attempt this callback continues: this tab's, started from the profile for this
 * provider, less than 10 minutes ago, still waiting for the provider. The social state this
 * tab sent must come back too (iAM Smart sends none: the pending attempt is what it has).
 */
function pendingProfileAttempt(provider: SocialProvider, state: string | undefined): LinkAttempt {
  if (socialProvider(provider).sendsState) {
    const expected = window.sessionStorage.getItem(socialStateKey(provider));
    window.sessionStorage.removeItem(socialStateKey(provider));
    if (!expected || expected !== state) throw new LinkError('identities.stateMismatch');
  }
  const pending = usableLinkAttempt({ phase: 'provider' });
  if ('refusal' in pending) throw new LinkError(pending.refusal === 'expired' ? 'identities.attemptExpired' : 'identities.unknownAction');
  if (pending.attempt.link.idpName !== provider) throw new LinkError('identities.unknownAction');
  if (!pending.attempt.link.idpId) throw new LinkError('identities.noIdpId');
  return pending.attempt;
}

/**
 * The attempt an /idp/link/{provider} visit may start. The identity provider sends a social
 * login that has no university account yet back with the state of the sign-in request that led
 * there; only a request this tab sent, that the person started themselves within the last 10
 * minutes, may go on, and only once (mayBeginAtSignInPage): not the portal's re-authentication or
 * a step-up, which a tab left alone makes by itself, with whoever comes along at the sign-in page.
 * It also needs an owner before anything is redeemed: the person signed in to the portal in this
 * tab, with a session that has not expired. Otherwise nothing is redeemed, and the page offers
 * the ordinary link from the profile (after signing in, if need be), so the provider's sign-in
 * happens again, here, by the person who will own the attempt.
 */
async function identityProviderAttempt(auth: Auth, provider: SocialProvider, state: string | undefined): Promise<LinkAttempt> {
  if (!mayBeginAtSignInPage(state)) throw new LinkError('identities.linkNotStartedHere', true);
  forgetSignInState(state);
  const owner = (await auth.getUser())?.profile.sub;
  if (!owner) throw new LinkError('identities.signInFirst', true);
  return startLinkAttempt({ idpName: provider }, { owner, phase: 'provider', began: 'identity-provider' });
}

interface ProviderCallback {
  auth: Auth;
  provider: SocialProvider;
  code?: string;
  state?: string;
  /**
   * 'profile': /auth/{provider}/callback, which completes a link this tab started from the
   * profile's Link control. 'identity-provider': /idp/link/{provider}, where the identity
   * provider sent an external login that is not linked yet; it goes on only with the state of a
   * sign-in this tab's person started and a signed-in owner, starts an attempt of its own and
   * looks the idp id up after sign-in.
   */
  from: 'profile' | 'identity-provider';
}

/**
 * /auth/{provider}/callback and /idp/link/{provider}, for their routes' loaders (run once per
 * visit, with the query the address came with): the provider returns with a code. Nothing is
 * exchanged for a callback this tab did not ask for. The code becomes the external account,
 * the link attempt moves on, and a fresh sign-in with the scopes `openid {provider}` starts,
 * carrying the attempt's nonce; the person confirms the link at /profile. Without a code the
 * user goes to /; a failed exchange goes to the central sign-in (spec section 4). Resolves with
 * the reason the link cannot go on, or nothing while the browser leaves.
 */
async function continueSocialLink({ auth, provider, code, state, from }: ProviderCallback): Promise<LinkFailure | undefined> {
  if (!code) throw redirect({ to: '/', replace: true });
  try {
    const attempt = from === 'profile' ? pendingProfileAttempt(provider, state) : await identityProviderAttempt(auth, provider, state);
    let exchanged: Awaited<ReturnType<typeof exchange>>;
    try {
      exchanged = await exchange(provider, code, state);
    } catch {
      browser.assign(config.centralSignInUrl);
      return undefined;
    }
    const { account, ticket } = exchanged;
    if (!account) throw new LinkError('identities.noExternalId');
    const next: LinkAttempt = { ...attempt, link: { ...attempt.link, idpName: provider, ...account }, phase: 'sign-in' };
    saveLinkAttempt(next);
    keepLinkTicket(ticket);
    await auth.signIn({ scope: `openid ${provider}`, returnTo: '/profile', link: next.nonce });
    return undefined;
  } catch (reason) {
    if (reason instanceof LinkError) return { key: reason.key, ...(reason.offerLink ? { offerLink: true as const } : {}) };
    return { text: reason instanceof Error ? reason.message : String(reason) };
  }
}

/**
 * The loader of a link's callback route (`from`: where the link began): the code and state of its
 * address, taken off the address at once, continue the link.
 */
export function continueSocialLinkAt(
  from: ProviderCallback['from'],
  {
    context,
    params,
    location,
    navigate,
  }: {
    context: { auth: Auth };
    params: { provider: SocialProvider };
    location: ParsedLocation;
    navigate: (options: { href: string; replace: true }) => unknown;
  },
) {
  const { code, state } = stringParams(takeCallbackQuery(location, navigate).search, ['code', 'state']);
  return continueSocialLink({ auth: context.auth, provider: params.provider, code, state, from });
}
