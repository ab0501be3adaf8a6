import { lazy, Suspense } from 'react';
import { t } from '../../messages/t';
import { ChunkBoundary } from './ChunkBoundary';

const LoadErrorAlert = lazy(() => import('./LoadErrorAlert'));

/** A section whose data could not be loaded: what failed, and a retry. Its code loads with the first failure. */
export function LoadError(props: { title: string; onRetry: () => void }) {
  const plain = (
    <div role="alert">
      {props.title}{' '}
      <button type="button" onClick={props.onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
  return (
    <ChunkBoundary fallback={plain}>
      <Suspense fallback={null}>
        <LoadErrorAlert {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
