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
