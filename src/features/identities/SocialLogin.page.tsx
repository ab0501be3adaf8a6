import type { SocialProvider } from '../../../generated/model/socialProvider';
import { useT } from '../../messages/t';
import { socialProvider } from '../../shared/config/socialProviders';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PublicLayout } from '../../shared/ui/PublicLayout';

/** /auth/{provider}/login while the browser is sent on to the provider's sign-in. */
export function SocialLoginPage({ provider }: { provider: SocialProvider }) {
  const t = useT();
  return (
    <PublicLayout>
      <PageLoader label={t('identities.redirecting', { provider: t(socialProvider(provider).label) })} />
    </PublicLayout>
  );
}
