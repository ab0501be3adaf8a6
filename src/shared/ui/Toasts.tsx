import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastViewport = lazy(() => import('./ToastViewport'));

/**
 * Mounts the toast viewport when the first toast is raised: a page that never shows one does
 * not load its code. Toasts raised meanwhile wait in the store and appear once it is loaded.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [used, setUsed] = useState(false);
  if (!used && notifications.length + queue.length > 0) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
