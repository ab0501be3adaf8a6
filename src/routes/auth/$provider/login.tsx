import { createFileRoute, notFound } from '@tanstack/react-router';
import { SocialLogin } from '../../../features/identities/SocialLogin.page';
import { isSocialProvider } from '../../../shared/socialProviders';
import { useLanguage } from '../../../messages/t';

export const Route = createFileRoute('/auth/$provider/login')({
  beforeLoad: ({ params }) => {
    if (!isSocialProvider(params.provider)) throw notFound();
  },
  component: function SocialLoginRoute() {
    useLanguage(); // re-render in the newly chosen language
    const { provider } = Route.useParams();
    return isSocialProvider(provider) ? <SocialLogin provider={provider} /> : null;
  },
});
