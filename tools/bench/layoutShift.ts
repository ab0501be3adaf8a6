// The layout shift a page has had so far, measured inside the page: the sum of the browser's
// buffered layout-shift entries. Shared by the sign-in journey (puppeteer) and the new-tab
// end-to-end test (Playwright), which both hand it to their page's evaluate.
/// <reference lib="dom" />

/** Runs in the page. Buffered entries arrive at once; none within `waitMs` is no shift. */
export function layoutShiftSoFar(waitMs: number): Promise<number> {
  return new Promise<number>((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) total += (entry as PerformanceEntry & { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), waitMs);
  });
}
