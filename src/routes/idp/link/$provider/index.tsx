import { createFileRoute, notFound } from '@tanstack/react-router';
import { t } from '../../../../messages/t';
import { isSocialProvider } from '../../../../shared/socialProviders';
import { PlaceholderPage } from '../../../../shared/ui/PlaceholderPage';
import { PublicLayout } from '../../../../shared/ui/PublicLayout';

export const Route = createFileRoute('/idp/link/$provider/')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: function IdpLink() {
    const { provider } = Route.useParams();
    return (
      <PublicLayout>
        <PlaceholderPage title={t('page.idpLink', { provider })} />
      </PublicLayout>
    );
  },
});
