import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { getSocialAuthorizeUrl } from '../../../generated/api/social-auth/social-auth';
import { browser } from '../../shared/browser';
import { t } from '../../messages/t';
import type { SocialProvider } from '../../shared/socialProviders';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { createSocialState, providerLabel, safeNavigationTarget, sendsState, socialStateKey } from './socialLink';

/**
 * /auth/{provider}/login: asks the server where the provider's sign-in is and sends the
 * browser there. A failed or empty answer goes silently to / (spec section 4).
 */
export function SocialLogin({ provider }: { provider: SocialProvider }) {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let state: string | undefined;
    if (sendsState(provider)) {
      state = createSocialState();
      window.sessionStorage.setItem(socialStateKey(provider), state);
    }
    getSocialAuthorizeUrl(provider, state ? { state } : undefined)
      .then((address) => {
        const target = safeNavigationTarget(address, window.location.origin);
        if (target) browser.assign(target);
        else void navigate({ to: '/', replace: true });
      })
      .catch(() => void navigate({ to: '/', replace: true }));
  }, [provider, navigate]);

  return (
    <PublicLayout>
      <PageLoader label={t('identities.redirecting', { provider: t(providerLabel(provider)) })} />
    </PublicLayout>
  );
}
