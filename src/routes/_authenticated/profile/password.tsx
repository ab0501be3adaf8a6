import { createFileRoute } from '@tanstack/react-router';
import { getGetPasswordPolicyQueryOptions } from '../../../../generated/api/password/password';
import { ChangePasswordPage } from '../../../features/password/ChangePassword.page';

export const Route = createFileRoute('/_authenticated/profile/password')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getGetPasswordPolicyQueryOptions());
  },
  component: ChangePasswordPage,
});
