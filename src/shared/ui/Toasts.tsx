import { lazy, Suspense } from 'react';
import { ChunkBoundary } from './ChunkBoundary';

// The toasts' code (@mantine/notifications) is a chunk of its own, fetched as the app first
// renders rather than before it (docs/performance.md, "Deliberate splits"). A toast raised
// meanwhile waits in the queue (toast.ts) and shows once the viewport is there.
const ToastViewport = lazy(() => import('./ToastViewport'));

/** Where toasts appear (spec section 2: at most 5, top centre, closed on click). */
export function Toasts() {
  return (
    <ChunkBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastViewport />
      </Suspense>
    </ChunkBoundary>
  );
}
