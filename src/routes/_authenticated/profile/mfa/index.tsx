import { createFileRoute } from '@tanstack/react-router';
import { t } from '../../../../messages/t';
import { PlaceholderPage } from '../../../../shared/ui/PlaceholderPage';

export const Route = createFileRoute('/_authenticated/profile/mfa/')({
  component: () => <PlaceholderPage title={t('page.mfa')} />,
});
