import { createFileRoute } from '@tanstack/react-router';
import { LoginLogPage } from '../../../features/login-log/LoginLog.page';
import { loginLogQueryOptions } from '../../../features/login-log/loginLogQuery';

export const Route = createFileRoute('/_authenticated/profile/login')({
  staticData: { menu: { label: 'nav.loginLog', order: 5 } },
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(loginLogQueryOptions());
  },
  component: LoginLogPage,
});
