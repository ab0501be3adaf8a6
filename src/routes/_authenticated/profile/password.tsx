import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { getGetPasswordPolicyQueryOptions } from '../../../../generated/api/password-policy/password-policy';
import { ChangePasswordPage } from '../../../features/password/ChangePassword.page';
import { FROM_GUIDE } from '../../../features/secure-account/fromGuide';
import { updateVisit, visitLogin } from '../../../features/secure-account/visit';
import { useAuth } from '../../../shared/auth/useAuth';

export const Route = createFileRoute('/_authenticated/profile/password')({
  staticData: { menu: { label: 'nav.password', order: 2 } },
  // `from=secure-account`: opened from the "This wasn't me" guide, and going back to it.
  validateSearch: (search: Record<string, unknown>): { from?: typeof FROM_GUIDE } => (search.from === FROM_GUIDE ? { from: FROM_GUIDE } : {}),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getGetPasswordPolicyQueryOptions());
  },
  component: function PasswordRoute() {
    const { from } = Route.useSearch();
    const navigate = useNavigate();
    const auth = useAuth();
    if (from !== FROM_GUIDE) return <ChangePasswordPage />;
    return (
      <ChangePasswordPage
        onChanged={() => {
          // The spec goes to / after a change; from the guide, the person goes back to its next steps.
          updateVisit({ passwordChanged: true });
          const subject = auth.subject();
          void navigate({ to: '/profile/secure-account', state: { notMeLogin: visitLogin(subject), notMeFor: subject } });
        }}
      />
    );
  },
});
