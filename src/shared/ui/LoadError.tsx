import { lazy, Suspense } from 'react';

const LoadErrorAlert = lazy(() => import('./LoadErrorAlert'));

/** A section whose data could not be loaded: what failed, and a retry. Its code loads with the first failure. */
export function LoadError(props: { title: string; onRetry: () => void }) {
  return (
    <Suspense fallback={null}>
      <LoadErrorAlert {...props} />
    </Suspense>
  );
}
