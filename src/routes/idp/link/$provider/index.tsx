import { createFileRoute } from '@tanstack/react-router';
import { LINK_CALLBACK_ROUTE } from '../../../../features/identities/SocialCallback.page';
import { continueSocialLinkAt } from '../../../../features/identities/socialCallback.flow';

/** Starts linking an external identity that the identity provider pointed at (from /idp/instructions). */
export const Route = createFileRoute('/idp/link/$provider/')({
  ...LINK_CALLBACK_ROUTE,
  loader: (options) => continueSocialLinkAt('identity-provider', options),
});
