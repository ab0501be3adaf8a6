import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { ChunkBoundary } from './ChunkBoundary';
import { TOAST_LIMIT, toastQueue, type ToastRequest } from './toast';

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

/** When the viewport's code cannot load, messages still show, plainly, and close on click. */
function PlainToasts() {
  const [shown, setShown] = useState<ToastRequest[]>([]);
  useEffect(
    () =>
      toastQueue.connect((request) =>
        setShown((now) => (now.some((t) => t.message === request.message) ? now : [...now, request].slice(-TOAST_LIMIT))),
      ),
    [],
  );
  return (
    <div style={{ position: 'fixed', top: 16, left: 16, right: 16, zIndex: 400, display: 'grid', gap: 8 }}>
      {shown.map((request) => (
        <div
          key={request.message}
          role={request.color === 'red' ? 'alert' : 'status'}
          onClick={() => setShown((now) => now.filter((t) => t !== request))}
          style={{
            padding: 12,
            borderRadius: 4,
            background: 'var(--mantine-color-body)',
            border: '1px solid var(--mantine-color-default-border)',
            cursor: 'pointer',
          }}
        >
          {request.message}
        </div>
      ))}
    </div>
  );
}
