import type { QueryClient } from '@tanstack/react-query';
import { getGetLinkedIdentitiesQueryOptions } from '../../../generated/api/identities/identities';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import { getGetProfileQueryOptions } from '../../../generated/api/profile/profile';
import { t, type FrameKey } from '../../messages/t';
import type { Auth } from '../../shared/auth/auth';
import { toast } from '../../shared/ui/toast';
import { identityRows } from './identityRows';
import { discardLinkAttempt } from './linkMarker';
import { markJustLinked, saveLinkAttempt, usableLinkAttempt, type LinkAttempt } from './linkState';

/**
 * What /profile shows for a link attempt that this tab's sign-in has just carried:
 * - `confirm`: the two accounts, for the person to say Link (with the server's id for the
 *   provider) or "This is not me";
 * - `lookupFailed`: the server's list of identity providers, needed for the provider's id,
 *   could not be loaded; the page offers to try again;
 * - `failed`: the link cannot be made (no external id, or a provider the server does not
 *   list); the attempt is over, and the page says so before it leaves for the sign-in.
 */
export type LinkConfirmation = { provider: SocialProvider } & (
  { step: 'confirm'; attempt: LinkAttempt; idpId: string; externalId: string } | { step: 'lookupFailed' } | { step: 'failed' }
);

/** The attempt is over; why is said in a toast. */
function failed(provider: SocialProvider, reason: FrameKey): LinkConfirmation {
  discardLinkAttempt();
  toast.error(t(reason));
  return { provider, step: 'failed' };
}

/**
 * /profile's loader (run once per visit) for a usable attempt at its confirm step: loads the
 * person's profile beside the provider's id (which an attempt from the identity provider does
 * not have yet: it knew the provider, not the server's id for it), and decides what the page
 * shows. Nothing is linked here: only the person's Link on the page links.
 */
export async function prepareLinkConfirmation(attempt: LinkAttempt, queryClient: QueryClient): Promise<LinkConfirmation> {
  const { idpName: provider, idpId: knownId, externalId } = attempt.link;
  if (!externalId) return failed(provider, 'identities.noExternalId');
  const [, idps] = await Promise.allSettled([
    // A failed profile still renders the page, with the profile's error and its retry.
    queryClient.ensureQueryData(getGetProfileQueryOptions()),
    knownId ? undefined : queryClient.ensureQueryData(getGetLinkedIdentitiesQueryOptions()),
  ]);
  if (idps.status === 'rejected') return { provider, step: 'lookupFailed' };
  const idpId = knownId ?? identityRows(idps.value?.idps ?? []).find((row) => row.provider === provider)?.id;
  if (!idpId) return failed(provider, 'identities.noIdpId');
  return { provider, step: 'confirm', attempt, idpId, externalId };
}

/**
 * As the person says Link: whether the attempt is still this tab's, this person's, at its
 * confirm step and within its 10 minutes. Undefined when it is; otherwise the attempt is over
 * and the text says why.
 */
export function confirmRefusal(attempt: LinkAttempt, subject: string | undefined): FrameKey | undefined {
  const still = usableLinkAttempt({ phase: 'confirm', subject });
  if (!('refusal' in still) && still.attempt.nonce === attempt.nonce) return undefined;
  return 'refusal' in still && still.refusal === 'expired' ? 'identities.attemptExpired' : 'identities.attemptDiscarded';
}

/** The link is made: the attempt is over, and this tab (only) may report it on the success page. */
export function linkMade(provider: SocialProvider): void {
  discardLinkAttempt();
  markJustLinked(provider);
}

/**
 * The server wants a fresher sign-in (RFC 9470): one that carries this attempt again, back to
 * /profile, where the person says Link once more.
 */
export function signInAgainToLink(auth: Auth, attempt: LinkAttempt): Promise<void> {
  saveLinkAttempt({ ...attempt, phase: 'sign-in' });
  return auth.signIn({ scope: `openid ${attempt.link.idpName}`, returnTo: '/profile', link: attempt.nonce });
}
