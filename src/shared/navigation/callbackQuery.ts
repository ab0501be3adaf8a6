import type { ParsedLocation } from '@tanstack/react-router';

/**
 * For the loader of a callback page: reads the address the identity provider (or a provider's
 * hand-off) returned to, with its query (a code, a state), and takes the query out of the
 * address bar and out of this history entry. Back cannot replay it, and no later referrer,
 * bookmark or screenshot carries it. The flow works on what was read: any later run of the
 * loader finds no code to redeem again.
 */
export function takeCallbackQuery(
  location: ParsedLocation,
  navigate: (options: { href: string; replace: true }) => unknown,
): Pick<ParsedLocation, 'href' | 'search'> {
  const { href, search, searchStr, pathname, hash } = location;
  // The router shares the loader's one run with the load this replacement starts (same page,
  // same loader dependencies), so nothing here runs a second time.
  if (searchStr) void Promise.resolve(navigate({ href: `${pathname}${hash ? `#${hash}` : ''}`, replace: true })).catch(() => undefined);
  return { href, search };
}
