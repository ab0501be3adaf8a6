/**
 * Runs `callback` in a task after the next frame has painted (a frame's callbacks run just
 * before it paints: a task queued from one runs after), so that what a click shows paints before
 * the work it starts. Answers a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => (timer = window.setTimeout(callback)));
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

/** Runs `callback` when the browser is idle (where it cannot say, a task later). Answers a function that cancels it. */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback);
    return () => cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback);
  return () => window.clearTimeout(timer);
}

/** Runs `callback` once the next frame has painted and then the browser is idle. Answers a function that cancels it. */
export function afterPaintWhenIdle(callback: () => void): () => void {
  let cancelIdle = () => {};
  const cancelPaint = afterNextPaint(() => (cancelIdle = whenIdle(callback)));
  return () => {
    cancelPaint();
    cancelIdle();
  };
}
