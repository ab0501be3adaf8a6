import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastQueue } from './toast';

const ToastViewport = lazy(() => import('./ToastViewport'));

/**
 * Mounts the toast viewport when the first toast is raised: a page that never shows one does
 * not load its code. Toasts raised meanwhile wait and appear once it is loaded.
 */
export function Toasts() {
  const needed = useSyncExternalStore(toastQueue.subscribe, toastQueue.needed);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
