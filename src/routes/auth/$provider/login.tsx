import { createFileRoute, notFound } from '@tanstack/react-router';
import { SocialLogin } from '../../../features/identities/SocialLogin.page';
import { startSocialLogin } from '../../../features/identities/socialLogin.flow';
import { ONCE_PER_VISIT, PENDING_AT_ONCE } from '../../../shared/auth/flowRoute';
import { isSocialProvider } from '../../../shared/socialProviders';

export const Route = createFileRoute('/auth/$provider/login')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
    return { provider: params.provider };
  },
  ...ONCE_PER_VISIT,
  ...PENDING_AT_ONCE,
  // The flow's code loads when a visit needs it; the small page ships with the entry, so its
  // waiting state shows at once.
  codeSplitGroupings: [['loader']],
  loader: ({ context }) => startSocialLogin(context.provider),
  // The browser is on its way to the provider's sign-in, before the loader is done and after.
  pendingComponent: SocialLoginRoute,
  component: SocialLoginRoute,
});

function SocialLoginRoute() {
  const { provider } = Route.useParams();
  return isSocialProvider(provider) ? <SocialLogin provider={provider} /> : null;
}
