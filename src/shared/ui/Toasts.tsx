import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { ChunkBoundary } from './ChunkBoundary';
import { useT } from '../../messages/t';
import { TOAST_LIMIT, toastKey, toastQueue, toastRole, type ToastRequest } from './toast';

const ToastViewport = lazy(() => import('./ToastViewport'));

/**
 * Mounts the toast viewport when the first toast is raised: a page that never shows one does
 * not load its code. Toasts raised meanwhile wait and appear once it is loaded. The split is
 * measured: built in, @mantine/notifications adds 9.7 KB gzip to the first signed-in page,
 * which would then weigh about 158 KB against its 150 KB budget (`npm run check:size`).
 */
export function Toasts() {
  const needed = useSyncExternalStore(toastQueue.subscribe, toastQueue.needed);
  if (!needed) return null;
  return (
    <ChunkBoundary fallback={<PlainToasts />}>
      <Suspense fallback={null}>
        <ToastViewport />
      </Suspense>
    </ChunkBoundary>
  );
}

/**
 * When the viewport's code cannot load, messages still show, plainly, and close on a click or
 * with their Close button (from the keyboard too). Errors stay until closed, as in the viewport.
 */
export function PlainToasts() {
  const t = useT();
  const [shown, setShown] = useState<ToastRequest[]>([]);
  useEffect(
    () =>
      toastQueue.connect((request) =>
        setShown((now) => (now.some((other) => toastKey(other) === toastKey(request)) ? now : [...now, request].slice(-TOAST_LIMIT))),
      ),
    [],
  );
  const close = (request: ToastRequest) => setShown((now) => now.filter((other) => other !== request));
  return (
    <div style={{ position: 'fixed', top: 16, left: 16, right: 16, zIndex: 400, display: 'grid', gap: 8 }}>
      {shown.map((request) => (
        <div
          key={toastKey(request)}
          role={toastRole(request)}
          onClick={() => close(request)}
          style={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 8,
            padding: 12,
            borderRadius: 4,
            background: 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-default-border)',
            cursor: 'pointer',
          }}
        >
          <span style={{ flex: 1 }}>{request.message}</span>
          <button
            type="button"
            aria-label={t('dialog.close')}
            style={{ border: 0, background: 'none', color: 'inherit', font: 'inherit', cursor: 'pointer', padding: '0 4px' }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
