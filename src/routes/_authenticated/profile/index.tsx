import { createFileRoute, redirect } from '@tanstack/react-router';
import { AutoLink } from '../../../features/identities/AutoLink.page';
import { readLinkState } from '../../../features/identities/linkState';

/** The post-login target: finishes an identity link in progress, otherwise the profile details. */
export const Route = createFileRoute('/_authenticated/profile/')({
  beforeLoad: () => {
    const state = readLinkState();
    if (state.mode !== 'startLinkIdp' || !state.link.externalId) throw redirect({ to: '/profile/details' });
  },
  component: () => <AutoLink />,
});
