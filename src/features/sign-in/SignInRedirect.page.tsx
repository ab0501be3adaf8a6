import { useEffect, useRef } from 'react';
import type { Auth } from '../../shared/auth/auth';
import { t } from '../../messages/t';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** Hands the browser to the identity provider (authorization code with PKCE). */
export function SignInRedirect({ auth, returnTo }: { auth: Auth; returnTo?: string }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void auth.signIn({ returnTo });
  }, [auth, returnTo]);

  return (
    <PublicLayout>
      <PageLoader label={t('auth.redirecting')} />
    </PublicLayout>
  );
}
