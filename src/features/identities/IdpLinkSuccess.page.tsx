import { Alert } from '@mantine/core';
import { useEffect } from 'react';
import { browser } from '../../shared/browser';
import { t, useLanguage } from '../../messages/t';
import { config } from '../../shared/config';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** Wait on the success page before the central sign-out page (spec section 9). */
export const LINK_SUCCESS_REDIRECT_MS = 2000;

export function IdpLinkSuccess() {
  useLanguage(); // re-render in the newly chosen language
  useEffect(() => {
    const timer = setTimeout(() => browser.assign(config.centralSignOutUrl), LINK_SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <PublicLayout>
      <PageTitle>{t('page.idpLinkSuccess')}</PageTitle>
      <Alert color="teal" role="status">
        {t('identities.linkSuccessPage')}
      </Alert>
    </PublicLayout>
  );
}
