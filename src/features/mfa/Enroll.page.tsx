import { Alert, Anchor, Paper } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useT } from '../../messages/pageTexts';
import { ChunkBoundary } from '../../shared/ui/ChunkBoundary';
import { LoadError } from '../../shared/ui/LoadError';
import { PageLoader } from '../../shared/ui/PageLoader';
import { PageTitle } from '../../shared/ui/PageTitle';
import type { FactorKind } from './factorKinds';
import { LazyWizard } from './wizards/loadWizard';

/**
 * /profile/mfa/enroll/{provider}/{factorType}: the wizard of the kind that pair names, or a
 * clear message when it names none (`kind` undefined).
 */
export function EnrollPage({ kind, provider, factorType }: { kind: FactorKind | undefined; provider: string; factorType: string }) {
  const t = useT();
  return (
    <>
      <PageTitle>{t('page.enroll')}</PageTitle>
      <Paper withBorder p="md" maw={720} mb="md">
        {kind ? (
          // The wizard's own chunk: a failed download says so, with a retry.
          <ChunkBoundary fallback={<LoadError title={t('mfa.wizardLoadFailed')} onRetry={() => window.location.reload()} />}>
            <Suspense fallback={<PageLoader />}>
              <LazyWizard key={kind.id} kind={kind} />
            </Suspense>
          </ChunkBoundary>
        ) : (
          <Alert color="red" role="alert">
            {t('mfa.notSupported', { provider, factorType })}
          </Alert>
        )}
      </Paper>
      <Anchor component={Link} to="/profile/mfa">
        {t('mfa.backToList')}
      </Anchor>
    </>
  );
}
