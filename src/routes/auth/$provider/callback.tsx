import { createFileRoute } from '@tanstack/react-router';
import { SocialCallbackRoutePage } from '../../../features/identities/SocialCallback.page';
import { continueSocialLinkAt } from '../../../features/identities/socialCallback.flow';
import { FLOW_ROUTE } from '../../../shared/auth/flowRoute';
import { stringParams } from '../../../shared/navigation/searchParams';

/** Completes a link this tab started from the profile's Link control. */
export const Route = createFileRoute('/auth/$provider/callback')({
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state']),
  ...FLOW_ROUTE,
  loader: (options) => continueSocialLinkAt('profile', options),
  pendingComponent: SocialCallbackRoutePage,
  component: SocialCallbackRoutePage,
});
