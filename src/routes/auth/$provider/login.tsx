import { createFileRoute, notFound } from '@tanstack/react-router';
import { SocialLogin } from '../../../features/identities/SocialLogin.page';
import { isSocialProvider } from '../../../shared/socialProviders';

export const Route = createFileRoute('/auth/$provider/login')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: function SocialLoginRoute() {
    const { provider } = Route.useParams();
    return isSocialProvider(provider) ? <SocialLogin provider={provider} /> : null;
  },
});
