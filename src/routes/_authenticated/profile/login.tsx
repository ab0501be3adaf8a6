import { createFileRoute } from '@tanstack/react-router';
import { LoginLogPage } from '../../../features/login-log/LoginLog.page';
import { loginLogQueryOptions } from '../../../features/login-log/loginLogQuery';

export const Route = createFileRoute('/_authenticated/profile/login')({
  staticData: { menu: { label: 'nav.loginLog', order: 5 } },
  // `view=places`: "Where you've signed in"; anything else, every login.
  validateSearch: (search: Record<string, unknown>): { view?: 'places' } => (search.view === 'places' ? { view: 'places' } : {}),
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(loginLogQueryOptions());
  },
  component: function LoginRoute() {
    const { view } = Route.useSearch();
    return <LoginLogPage view={view ?? 'all'} />;
  },
});
