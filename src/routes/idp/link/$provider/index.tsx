import { createFileRoute } from '@tanstack/react-router';
import { SocialCallbackRoutePage } from '../../../../features/identities/SocialCallback.page';
import { continueSocialLinkAt } from '../../../../features/identities/socialCallback.flow';
import { FLOW_ROUTE } from '../../../../shared/auth/flowRoute';
import { stringParams } from '../../../../shared/navigation/searchParams';

/** Starts linking an external identity that the identity provider pointed at (from /idp/instructions). */
export const Route = createFileRoute('/idp/link/$provider/')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state']),
  ...FLOW_ROUTE,
  loader: (options) => continueSocialLinkAt('identity-provider', options),
  pendingComponent: SocialCallbackRoutePage,
  component: SocialCallbackRoutePage,
});
