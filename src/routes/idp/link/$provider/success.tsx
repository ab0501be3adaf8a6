import { createFileRoute, notFound } from '@tanstack/react-router';
import { t } from '../../../../messages/t';
import { isSocialProvider } from '../../../../shared/socialProviders';
import { PlaceholderPage } from '../../../../shared/ui/PlaceholderPage';
import { PublicLayout } from '../../../../shared/ui/PublicLayout';

export const Route = createFileRoute('/idp/link/$provider/success')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: () => (
    <PublicLayout>
      <PlaceholderPage title={t('page.idpLinkSuccess')} />
    </PublicLayout>
  ),
});
