import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import { useT } from '../../messages/t';
import { useAuth } from '../../shared/auth/useAuth';
import { browser } from '../../shared/navigation/browser';
import { config } from '../../shared/config/config';
import { socialProvider } from '../../shared/config/socialProviders';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** Wait on the success page before the central sign-out page (spec section 9). */
const LINK_SUCCESS_REDIRECT_MS = 2000;

/**
 * /idp/link/{provider}/success. Only the tab that has just linked that provider (`justLinked`,
 * the mark its route's loader used up) sees the success and goes on to the central sign-out 2 s
 * later; the address opened any other way (a link, a bookmark, Back) signs nobody out.
 */
export function IdpLinkSuccessPage({ provider, justLinked }: { provider: SocialProvider; justLinked: boolean }) {
  const t = useT();
  const auth = useAuth();
  useEffect(() => {
    if (!justLinked) return;
    // Signed out for real: nothing of the session stays in this tab or the others before the
    // central sign-out page, so Back finds no portal still signed in.
    const leave = () => auth.signOut({ leaveTo: config.centralSignOutUrl }).catch(() => browser.assign(config.centralSignOutUrl));
    const timer = setTimeout(() => void leave(), LINK_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [justLinked, auth]);

  if (!justLinked) {
    return (
      <PublicLayout>
        <PageTitle>{t('page.idpLink', { provider: t(socialProvider(provider).label) })}</PageTitle>
        <Alert color="gray" role="status" mb="md">
          {t('identities.noLinkToReport')}
        </Alert>
        <Anchor component={Link} to="/profile/details">
          {t('identities.backToProfile')}
        </Anchor>
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <PageTitle>{t('page.idpLinkSuccess')}</PageTitle>
      <Alert color="teal" role="status">
        {t('identities.linkSuccessPage')}
      </Alert>
    </PublicLayout>
  );
}
