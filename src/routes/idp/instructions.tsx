import { createFileRoute } from '@tanstack/react-router';
import { t } from '../../messages/t';
import { PlaceholderPage } from '../../shared/ui/PlaceholderPage';
import { PublicLayout } from '../../shared/ui/PublicLayout';

export const Route = createFileRoute('/idp/instructions')({
  component: () => (
    <PublicLayout>
      <PlaceholderPage title={t('page.instructions')} />
    </PublicLayout>
  ),
});
