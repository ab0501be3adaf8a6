import { OIDC_PREFIX } from '../storage/storageKeys';
import { readStoredUser } from './storedUser';

/**
 * Whether an address is /profile or under it: every page under the router's sign-in guard
 * (`/_authenticated`) lives there (firstStep.test.ts holds the route tree to that).
 */
export function isUnderProfile(pathname: string): boolean {
  return pathname === '/profile' || pathname.startsWith('/profile/');
}

/** The addresses whose routes need a session: the signed-in pages, and /, which sends a visitor on to sign in. */
export function needsSession(pathname: string): boolean {
  return pathname === '/' || isUnderProfile(pathname);
}

/**
 * Whether this tab holds a session or the rest of one: a stored user, even with an expired
 * token. Such a tab goes to the app, which renews it, or finds that a logout in another tab
 * voided it (then it clears the tab, revokes its refresh token and signs nobody in by itself).
 */
export function holdsSession(storage: Storage): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(`${OIDC_PREFIX}user:`) && readStoredUser(storage, key, 0)) return true;
  }
  return false;
}

/**
 * What a page load does first. A tab that has never held a session here and opens a signed-in
 * page leaves for the identity provider at once, as the app's guard would, without loading the
 * app: `returnTo` is where it comes back to (the guard's, none for /, which lands on the
 * profile). Any other load starts the app, which decides everything else itself.
 */
export function firstStep(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  storage: Storage,
): { signIn: { returnTo?: string } } | { app: true } {
  if (!needsSession(location.pathname) || holdsSession(storage)) return { app: true };
  return { signIn: location.pathname === '/' ? {} : { returnTo: `${location.pathname}${location.search}${location.hash}` } };
}
