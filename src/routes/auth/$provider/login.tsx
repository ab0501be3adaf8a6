import { createFileRoute } from '@tanstack/react-router';
import { SocialLoginPage } from '../../../features/identities/SocialLogin.page';
import { startSocialLogin } from '../../../features/identities/socialLogin.flow';
import { FLOW_ROUTE } from '../../../shared/auth/flowRoute';

export const Route = createFileRoute('/auth/$provider/login')({
  ...FLOW_ROUTE,
  loader: ({ params }) => startSocialLogin(params.provider),
  // The browser is on its way to the provider's sign-in, before the loader is done and after.
  pendingComponent: SocialLoginRoute,
  component: SocialLoginRoute,
});

function SocialLoginRoute() {
  return <SocialLoginPage provider={Route.useParams().provider} />;
}
