import { Alert, Anchor } from '@mantine/core';
import { Link, useRouteContext } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { browser } from '../../shared/browser';
import { t, useLanguage } from '../../messages/t';
import { config } from '../../shared/config';
import type { SocialProvider } from '../../shared/socialProviders';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import { takeJustLinked } from './linkState';
import { providerLabel } from './socialLink';

/** Wait on the success page before the central sign-out page (spec section 9). */
export const LINK_SUCCESS_REDIRECT_MS = 2000;

/**
 * /idp/link/{provider}/success. Only the tab that has just linked that provider sees the
 * success and goes on to the central sign-out 2 s later; the address opened any other way
 * (a link, a bookmark, Back) signs nobody out.
 */
export function IdpLinkSuccess({ provider }: { provider: SocialProvider }) {
  useLanguage(); // re-render in the newly chosen language
  const { auth } = useRouteContext({ from: '__root__' });
  const [justLinked] = useState(() => takeJustLinked(provider));
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
        <PageTitle>{t('page.idpLink', { provider: t(providerLabel(provider)) })}</PageTitle>
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
