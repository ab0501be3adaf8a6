import { Alert, Anchor } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { exchangeSocialCode, getIamSmartTokenizedId } from '../../../generated/api/social-auth/social-auth';
import { browser } from '../../shared/browser';
import { t, type MessageKey } from '../../messages/t';
import { useCallbackQuery } from '../../shared/callbackQuery';
import { config } from '../../shared/config';
import type { Auth } from '../../shared/auth/auth';
import type { SocialProvider } from '../../shared/socialProviders';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { keepLinkTicket, saveLinkAttempt, startLinkAttempt, usableLinkAttempt, type LinkAttempt } from './linkState';
import { externalAccountOf, providerLabel, sendsState, socialStateKey, type ExternalAccount } from './socialLink';

export interface SocialCallbackProps {
  auth: Auth;
  provider: SocialProvider;
  code?: string;
  state?: string;
  /**
   * 'profile': /auth/{provider}/callback, which completes a link this tab started from the
   * profile's Link control. 'identity-provider': /idp/link/{provider}, where the identity
   * provider sent an external login that is not linked yet; it starts an attempt of its own
   * and looks the idp id up after sign-in.
   */
  from?: 'profile' | 'identity-provider';
}

class LinkError extends Error {
  constructor(readonly key: MessageKey) {
    super(t(key));
  }
}

/**
 * Exchanges the provider's code for a token, whose subject is the external id; the backend may
 * add a ticket for the account it found.
 */
async function exchange(provider: SocialProvider, code: string, state: string | undefined): Promise<{ account?: ExternalAccount; ticket?: string }> {
  if (provider === 'iamsmart') {
    const { data } = await getIamSmartTokenizedId({ code, idp: provider, state: state ?? '' });
    return { account: externalAccountOf(data.access_token), ticket: data.link_ticket };
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
  if (sendsState(provider)) {
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
 * /auth/{provider}/callback (and /idp/link/{provider}): the provider returns with a code.
 * Nothing is exchanged for a callback this tab did not ask for. The code becomes the external
 * account, the link attempt moves on, and a fresh sign-in with the scopes `openid {provider}`
 * starts, carrying the attempt's nonce; the person confirms the link at /profile.
 */
export function SocialCallback({ auth, provider, code, state, from = 'profile' }: SocialCallbackProps) {
  const navigate = useNavigate();
  // A text of the portal's is kept by its key, so it follows a language switch.
  const [error, setError] = useState<{ key: MessageKey } | { text: string }>();
  const query = useCallbackQuery(() => ({ code, state }));
  const started = useRef(false);
  const label = t(providerLabel(provider));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!query.code) {
      void navigate({ to: '/', replace: true });
      return;
    }
    const callbackCode = query.code;
    void (async () => {
      try {
        const attempt = from === 'profile' ? pendingProfileAttempt(provider, query.state) : undefined;
        let exchanged: Awaited<ReturnType<typeof exchange>>;
        try {
          exchanged = await exchange(provider, callbackCode, query.state);
        } catch {
          // The provider's code could not be exchanged: back to the central sign-in (spec section 4).
          browser.assign(config.centralSignInUrl);
          return;
        }
        const { account, ticket } = exchanged;
        if (!account) throw new LinkError('identities.noExternalId');
        const link = { idpName: provider, ...account };
        const next: LinkAttempt = attempt
          ? { ...attempt, link: { ...attempt.link, ...link }, phase: 'sign-in' }
          : startLinkAttempt(link, { phase: 'sign-in' });
        if (attempt) saveLinkAttempt(next);
        keepLinkTicket(ticket);
        await auth.signIn({ scope: `openid ${provider}`, returnTo: '/profile', link: next.nonce });
      } catch (reason) {
        // Shown in the page rather than as a passing toast: there is nothing else on it.
        setError(reason instanceof LinkError ? { key: reason.key } : { text: reason instanceof Error ? reason.message : String(reason) });
      }
    })();
  }, [auth, provider, query, from, navigate]);

  return (
    <PublicLayout>
      {error === undefined ? (
        <PageLoader label={t('identities.completing', { provider: label })} />
      ) : (
        <>
          <PageTitle>{t('identities.linkErrorTitle')}</PageTitle>
          <Alert color="red" role="alert" mb="md">
            {'key' in error ? t(error.key) : error.text}
          </Alert>
          <Anchor component={Link} to="/profile/details">
            {t('identities.backToProfile')}
          </Anchor>
        </>
      )}
    </PublicLayout>
  );
}
