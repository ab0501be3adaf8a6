import { createFileRoute, redirect } from '@tanstack/react-router';
import { LinkConfirmationPage } from '../../../features/identities/LinkConfirmation.page';
import { prepareLinkConfirmation } from '../../../features/identities/linkConfirmation.flow';
import { usableLinkAttempt } from '../../../features/identities/linkState';
import { FLOW_ROUTE } from '../../../shared/auth/flowRoute';

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
  ...FLOW_ROUTE,
  loader: ({ context }) => prepareLinkConfirmation(context.linkAttempt, context.queryClient),
  component: function LinkConfirmationRoute() {
    return <LinkConfirmationPage confirmation={Route.useLoaderData()} />;
  },
});
