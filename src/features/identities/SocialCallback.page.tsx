import { Alert, Anchor } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { exchangeSocialCode, getIamSmartTokenizedId } from '../../../generated/api/social-auth/social-auth';
import { browser } from '../../shared/browser';
import { t, type MessageKey } from '../../messages/t';
import { config } from '../../shared/config';
import type { Auth } from '../../shared/auth/auth';
import type { SocialProvider } from '../../shared/socialProviders';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { readLinkState, writeLinkState } from './linkState';
import { jwtSubject, providerLabel, sendsState, socialStateKey } from './socialLink';

export interface SocialCallbackProps {
  auth: Auth;
  provider: SocialProvider;
  code?: string;
  state?: string;
  /** When false (the /idp/link flow), the idp id is looked up after sign-in instead. */
  requireIdpId?: boolean;
}

class LinkError extends Error {
  constructor(readonly key: MessageKey) {
    super(t(key));
  }
}

/** Exchanges the provider's code for a token; its subject is the external id. */
async function externalIdFor(provider: SocialProvider, code: string, state: string | undefined): Promise<string | undefined> {
  const token =
    provider === 'iamsmart'
      ? (await getIamSmartTokenizedId({ code, idp: provider, state: state ?? '' })).data.access_token
      : await exchangeSocialCode(provider, { code }).then((answer) => answer.id_token ?? answer.access_token);
  return jwtSubject(token);
}

/**
 * /auth/{provider}/callback (and /idp/link/{provider}): the provider returns with a code.
 * The code becomes the external id, the link state is stored, and a sign-in with the scopes
 * `openid {provider}` starts; the link itself is made at /profile once signed in.
 */
export function SocialCallback({ auth, provider, code, state, requireIdpId = true }: SocialCallbackProps) {
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const label = t(providerLabel(provider));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      void navigate({ to: '/', replace: true });
      return;
    }
    // Shown in the page rather than as a passing toast: there is nothing else on it.
    const fail = (message: string) => setError(message);
    if (sendsState(provider) && requireIdpId) {
      const expected = window.localStorage.getItem(socialStateKey(provider));
      window.localStorage.removeItem(socialStateKey(provider));
      if (!expected || expected !== state) {
        fail(t('identities.stateMismatch'));
        return;
      }
    }
    void (async () => {
      let externalId: string | undefined;
      try {
        externalId = await externalIdFor(provider, code, state);
      } catch {
        // The provider's code could not be exchanged: back to the central sign-in (spec section 4).
        browser.assign(config.centralSignInUrl);
        return;
      }
      try {
        if (!externalId) throw new LinkError('identities.noExternalId');
        const current = readLinkState();
        const linking = current.mode === 'startLinkIdp' ? current.link : requireIdpId ? undefined : {};
        if (!linking) throw new LinkError('identities.unknownAction');
        if (requireIdpId && !linking.idpId) throw new LinkError('identities.noIdpId');
        writeLinkState({ mode: 'startLinkIdp', link: { ...linking, idpName: provider, externalId } });
        await auth.signIn({ scope: `openid ${provider}`, returnTo: '/profile' });
      } catch (reason) {
        fail(reason instanceof Error ? reason.message : String(reason));
      }
    })();
  }, [auth, provider, code, state, requireIdpId, navigate]);

  return (
    <PublicLayout>
      {error === undefined ? (
        <PageLoader label={t('identities.completing', { provider: label })} />
      ) : (
        <>
          <PageTitle>{t('identities.linkErrorTitle')}</PageTitle>
          <Alert color="red" role="alert" mb="md">
            {error}
          </Alert>
          <Anchor component={Link} to="/profile/details">
            {t('identities.backToProfile')}
          </Anchor>
        </>
      )}
    </PublicLayout>
  );
}
