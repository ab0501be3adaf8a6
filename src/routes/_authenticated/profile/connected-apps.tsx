import { createFileRoute } from '@tanstack/react-router';
import { ConnectedAppsPage } from '../../../features/connected-apps/ConnectedApps.page';
import { connectedAppsQueries } from '../../../features/connected-apps/connectedAppsQueries';
import { ensureQueries } from '../../../shared/api/queries';

export const Route = createFileRoute('/_authenticated/profile/connected-apps')({
  staticData: { menu: { label: 'nav.apps', order: 6 } },
  // The page reads nothing of its address: an app is chosen from the backend's own list.
  validateSearch: (): Record<string, never> => ({}),
  loader: ({ context }) => ensureQueries(context.queryClient, connectedAppsQueries()),
  component: ConnectedAppsPage,
});
