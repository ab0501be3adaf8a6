import { createFileRoute } from '@tanstack/react-router';
import { LINK_CALLBACK_ROUTE } from '../../../features/identities/SocialCallback.page';
import { continueSocialLinkAt } from '../../../features/identities/socialCallback.flow';

/** Completes a link this tab started from the profile's Link control. */
export const Route = createFileRoute('/auth/$provider/callback')({
  ...LINK_CALLBACK_ROUTE,
  loader: (options) => continueSocialLinkAt('profile', options),
});
