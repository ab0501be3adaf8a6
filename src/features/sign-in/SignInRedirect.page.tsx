import { useT } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** While the browser is handed to the identity provider (authorization code with PKCE). */
export function SignInRedirect() {
  const t = useT();
  return (
    <PublicLayout>
      <PageLoader label={t('auth.redirecting')} />
    </PublicLayout>
  );
}
