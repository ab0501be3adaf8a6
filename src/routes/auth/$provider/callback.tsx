import { createFileRoute, notFound } from '@tanstack/react-router';
import { t } from '../../../messages/t';
import { isSocialProvider } from '../../../shared/socialProviders';
import { PublicLayout } from '../../../shared/ui/PublicLayout';
import { PlaceholderPage } from '../../../shared/ui/PlaceholderPage';

export const Route = createFileRoute('/auth/$provider/callback')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: function SocialCallback() {
    const { provider } = Route.useParams();
    return (
      <PublicLayout>
        <PlaceholderPage title={t('page.socialCallback', { provider })} />
      </PublicLayout>
    );
  },
});
