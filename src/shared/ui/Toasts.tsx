import { lazy, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from './afterPaint';
import { ChunkBoundary } from './ChunkBoundary';

// The toasts' code (@mantine/notifications) is a chunk of its own (docs/performance.md,
// "Deliberate splits"), fetched once the page has painted: fetched before, it was part of the
// page's largest paint in Lighthouse's model. A toast raised meanwhile waits in the queue
// (toast.ts) and shows once the viewport is there; one raised later, offline too, finds it loaded.
const ToastViewport = lazy(() => import('./ToastViewport'));

/** Where toasts appear (spec section 2: at most 5, top centre, closed on click). */
export function Toasts() {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  if (!painted) return null;
  return (
    <ChunkBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastViewport />
      </Suspense>
    </ChunkBoundary>
  );
}
