import { getGetLoginLogInfiniteQueryOptions } from '../../../generated/api/login-log/login-log';

/** Login log page size (spec section 9). */
export const LOGIN_LOG_PAGE_SIZE = 20;
/** The next page loads when the user scrolls this close to the bottom (spec section 9). */
const LOAD_MORE_THRESHOLD_PX = 50;

/** The history as one infinite query: each page's afterToken asks for the next; null ends it. */
export function loginLogQueryOptions() {
  return getGetLoginLogInfiniteQueryOptions(
    { num: LOGIN_LOG_PAGE_SIZE },
    {
      query: {
        initialPageParam: undefined,
        getNextPageParam: (last) => last.afterToken ?? undefined,
        // Failures are shown in the page, next to the retry, not as toasts.
        meta: { silent: true },
      },
    },
  );
}

/** Whether the window is scrolled to within the threshold of the page's bottom. */
export function isNearBottom(scrollY: number, viewportHeight: number, pageHeight: number): boolean {
  return scrollY + viewportHeight >= pageHeight - LOAD_MORE_THRESHOLD_PX;
}
