import { Button, Text } from '@mantine/core';
import { useT } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/**
 * Where a tab goes once its session has ended: nothing of the session is left on screen or
 * in memory. `inProgress`: this tab's own logout, on its way to the identity provider's
 * sign-out; otherwise the portal was logged out in another tab.
 */
export function SignedOutPage({ inProgress }: { inProgress: boolean }) {
  const t = useT();
  if (inProgress) {
    return (
      <PublicLayout>
        <PageLoader label={t('auth.signingOut')} />
      </PublicLayout>
    );
  }
  return (
    <PublicLayout>
      <PageTitle>{t('auth.signedOutTitle')}</PageTitle>
      <Text mb="xs">{t('auth.signedOutElsewhere')}</Text>
      <Text mb="md">{t('auth.signedOutEverywhere')}</Text>
      {/* A full page load: this tab's ended session leaves memory with the old page. */}
      <Button component="a" href="/auth/default/login">
        {t('auth.signInAgain')}
      </Button>
    </PublicLayout>
  );
}
