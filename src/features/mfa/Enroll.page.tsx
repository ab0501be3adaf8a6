import { Alert, Anchor, Paper } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { t } from '../../messages/t';
import { PageTitle } from '../../shared/ui/PageTitle';
import { Suspense } from 'react';
import { ChunkBoundary } from '../../shared/ui/ChunkBoundary';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { LazyAppWizard, LazyCustomWizard, LazyEmailWizard, LazyPhoneWizard, LazyWebAuthnWizard } from './wizards/loadWizard';
import { wizardFor } from './wizards/wizardFor';

/** /profile/mfa/enroll/{provider}/{factorType}: the wizard for that pair, or a clear message. */
export function EnrollPage({ provider, factorType }: { provider: string; factorType: string }) {
  const navigate = useNavigate();
  const kind = wizardFor(provider, factorType);
  const cancel = () => void navigate({ to: '/profile/mfa' });

  let body;
  switch (kind) {
    case 'sms':
    case 'call':
      body = <LazyPhoneWizard channel={kind} onCancel={cancel} />;
      break;
    case 'googleTotp':
    case 'push':
    case 'oktaTotp':
      body = <LazyAppWizard key={kind} kind={kind} onCancel={cancel} />;
      break;
    case 'webauthn':
      body = <LazyWebAuthnWizard onCancel={cancel} />;
      break;
    case 'email':
      body = <LazyEmailWizard onCancel={cancel} />;
      break;
    case 'custom':
      body = <LazyCustomWizard onCancel={cancel} />;
      break;
    case undefined:
      body = (
        <Alert color="red" role="alert">
          {t('mfa.notSupported', { provider, factorType })}
        </Alert>
      );
      break;
  }

  return (
    <>
      <PageTitle>{t('page.enroll')}</PageTitle>
      <Paper withBorder p="md" maw={720} mb="md">
        {/* The wizard's own chunk: a failed download says so, with a retry. */}
        <ChunkBoundary fallback={<LoadError title={t('mfa.wizardLoadFailed')} onRetry={() => window.location.reload()} />}>
          <Suspense fallback={<PageLoader />}>{body}</Suspense>
        </ChunkBoundary>
      </Paper>
      <Anchor component={Link} to="/profile/mfa">
        {t('mfa.backToList')}
      </Anchor>
    </>
  );
}
