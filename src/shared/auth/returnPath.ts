import { isUnderProfile } from './firstStep';

const DEFAULT_SIGNED_IN_PATH = '/profile';

const ORIGIN = 'https://portal.invalid';

/** A word of a return path: a route's own, or a parameter's value (a provider, a factor kind). */
const WORD = /^[A-Za-z0-9_:-]{1,64}$/;

/**
 * The signed-in page an address names, in its canonical form, or undefined for none. The app's
 * router answers this from its route tree (router.tsx, `signedInPageOf`); until the app has
 * loaded (the page's first code), any address of words under /profile stands, as the guard
 * sees it (firstStep.ts), and the app checks it again once the sign-in returns.
 */
export type PageOf = (path: string) => string | undefined;

const underProfile: PageOf = (path) => (isUnderProfile(path) ? path : undefined);

/**
 * The place to return to after sign-in. The value is resolved against the portal's origin
 * (so dot segments, percent-encoded ones included, are resolved first), and kept only when
 * it names a signed-in page (`pageOf`), made only of plain words; anything else (another
 * origin, a callback, a public page, an odd character) falls back to /profile, so a crafted
 * link can neither send the user elsewhere nor replay a callback.
 */
export function safeReturnPath(value: unknown, pageOf: PageOf = underProfile): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return DEFAULT_SIGNED_IN_PATH;
  // Control characters and backslashes have no place in our own paths (browsers read "\" as "/").
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) return DEFAULT_SIGNED_IN_PATH;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (url.origin !== ORIGIN) return DEFAULT_SIGNED_IN_PATH;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  if (
    !path
      .split('/')
      .slice(1)
      .every((word) => WORD.test(word))
  )
    return DEFAULT_SIGNED_IN_PATH;
  const page = pageOf(path);
  return page ? `${page}${url.search}${url.hash}` : DEFAULT_SIGNED_IN_PATH;
}
