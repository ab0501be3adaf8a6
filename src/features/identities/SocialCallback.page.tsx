import { Alert, Anchor } from '@mantine/core';
import { Link, useLoaderData, useParams } from '@tanstack/react-router';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import { textOf, useT } from '../../messages/t';
import { socialProvider } from '../../shared/config/socialProviders';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import { PublicLayout } from '../../shared/ui/PublicLayout';
import type { LinkFailure } from './socialCallback.flow';
import { FLOW_ROUTE } from '../../shared/auth/flowRoute';
import { stringParams } from '../../shared/navigation/searchParams';

/** A link's callback route, while the link goes on and after: the provider from its address, the failure from its loader. */
function SocialCallbackRoutePage() {
  const { provider } = useParams({ strict: false }) as { provider: SocialProvider };
  const failure = useLoaderData({ strict: false }) as LinkFailure | undefined;
  return <SocialCallbackPage provider={provider} failure={failure} />;
}

/**
 * /auth/{provider}/callback and /idp/link/{provider}: waiting while the provider's code is
 * checked and the sign-in that carries the link starts; or why the link cannot go on, shown in
 * the page rather than as a passing toast, as there is nothing else on it. When the way on is
 * the ordinary link from the profile, the way back says so.
 */
function SocialCallbackPage({ provider, failure }: { provider: SocialProvider; failure?: LinkFailure }) {
  const t = useT();
  return (
    <PublicLayout>
      {failure === undefined ? (
        <PageLoader label={t('identities.completing', { provider: t(socialProvider(provider).label) })} />
      ) : (
        <>
          <PageTitle>{t('identities.linkErrorTitle')}</PageTitle>
          <Alert color="red" role="alert" mb="md">
            {textOf(failure, t)}
          </Alert>
          <Anchor component={Link} to="/profile/details">
            {t(failure.offerLink ? 'identities.linkFromProfile' : 'identities.backToProfile')}
          </Anchor>
        </>
      )}
    </PublicLayout>
  );
}

/**
 * What the routes of a link's callback share (/auth/{provider}/callback after a link from the
 * profile, /idp/link/{provider} after the identity provider's instructions): spread first. Each
 * route file keeps its own loader, which the router plugin splits off; this page, shown while
 * the loader runs, ships with the app.
 */
export const LINK_CALLBACK_ROUTE = {
  validateSearch: (search: Record<string, unknown>) => stringParams(search, ['code', 'state']),
  ...FLOW_ROUTE,
  pendingComponent: SocialCallbackRoutePage,
  component: SocialCallbackRoutePage,
};
