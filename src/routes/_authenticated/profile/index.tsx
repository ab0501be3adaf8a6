import { createFileRoute, redirect } from '@tanstack/react-router';
import { getGetProfileQueryOptions } from '../../../../generated/api/profile/profile';
import { LinkConfirmation } from '../../../features/identities/LinkConfirmation.page';
import { usableLinkAttempt } from '../../../features/identities/linkState';

/**
 * The post-login target: where the person confirms an identity link that this tab's sign-in
 * has just carried; otherwise the profile details.
 */
export const Route = createFileRoute('/_authenticated/profile/')({
  beforeLoad: ({ context }) => {
    const pending = usableLinkAttempt({ phase: 'confirm', subject: context.auth.subject() });
    if ('refusal' in pending) throw redirect({ to: '/profile/details' });
    return { linkAttempt: pending.attempt };
  },
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(getGetProfileQueryOptions());
  },
  component: function ConfirmLink() {
    const { linkAttempt } = Route.useRouteContext();
    return <LinkConfirmation attempt={linkAttempt} />;
  },
});
