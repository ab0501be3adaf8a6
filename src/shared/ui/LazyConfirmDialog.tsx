import { lazy, Suspense, useState } from 'react';
import { ChunkBoundary } from './ChunkBoundary';
import type { ConfirmDialogProps } from './ConfirmDialog';

const ConfirmDialog = lazy(() => import('./ConfirmDialog'));

/**
 * The confirm dialog's code (Modal, focus trap, scroll lock) is fetched the first time it
 * opens, so pages that may never ask do not load it. Once loaded it stays mounted so it can
 * animate closed. The split is measured: built in, the dialog adds 5.6 KB gzip to the
 * question page, which then adds 33 KB, over the 30 KB route budget (`npm run check:size`).
 */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <ChunkBoundary fallback={<PlainConfirm {...props} />}>
      <Suspense fallback={null}>
        <ConfirmDialog {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}

/** When the dialog's code cannot load, the same question in plain HTML. */
function PlainConfirm({ opened, title, message, confirmLabel, cancelLabel, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  if (!opened) return null;
  return (
    <div
      role="alertdialog"
      aria-label={title}
      style={{
        position: 'fixed',
        inset: 'auto 16px 16px 16px',
        zIndex: 400,
        padding: 16,
        background: 'var(--mantine-color-body)',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <p>{message}</p>
      <button type="button" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </button>{' '}
      <button type="button" onClick={onConfirm} disabled={busy}>
        {confirmLabel}
      </button>
    </div>
  );
}
