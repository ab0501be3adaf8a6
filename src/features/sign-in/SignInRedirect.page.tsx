import { Alert, Button } from '@mantine/core';
import { useT } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** While the browser is handed to the identity provider (authorization code with PKCE). */
export function SignInRedirectPage() {
  const t = useT();
  return (
    <PublicLayout>
      <PageLoader label={t('auth.redirecting')} />
    </PublicLayout>
  );
}

/** The identity provider (or the OpenID library) could not be reached: say so, and offer to try again. */
export function SignInUnreachable() {
  const t = useT();
  return (
    <PublicLayout>
      <Alert color="red" role="alert" title={t('auth.signInFailed')}>
        <Button mt="sm" variant="light" onClick={() => window.location.reload()}>
          {t('error.retry')}
        </Button>
      </Alert>
    </PublicLayout>
  );
}
