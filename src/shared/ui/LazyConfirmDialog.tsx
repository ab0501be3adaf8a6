import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialog';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/**
 * The confirm dialog's code (Modal, focus trap, scroll lock) is fetched the first time it
 * opens, so pages that may never ask do not load it. Once loaded it stays mounted so it can
 * animate closed.
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
