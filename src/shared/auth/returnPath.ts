import { signedInPages } from 'virtual:route-tree/pages';

const DEFAULT_SIGNED_IN_PATH = '/profile';

/** The enrollment wizards: /profile/mfa/enroll/{provider}/{factorType}. */
const ENROLMENT = /^\/profile\/mfa\/enroll\/([A-Za-z0-9_-]{1,32})\/([A-Za-z0-9_:%-]{1,64})$/i;

const ORIGIN = 'https://portal.invalid';

/**
 * The place to return to after sign-in. The value is resolved against the portal's origin
 * (so dot segments, percent-encoded ones included, are resolved first), and kept only when
 * it is one of the signed-in pages, compared without regard to letter case; anything else
 * (another origin, a callback, a public page, an odd character) falls back to /profile, so a
 * crafted link can neither send the user elsewhere nor replay a callback.
 */
export function safeReturnPath(value: unknown): string {
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
  // The signed-in pages, in their canonical case (read from the route tree at build time).
  const page = signedInPages.find((known) => known === path.toLowerCase());
  const rest = `${url.search}${url.hash}`;
  if (page) return `${page}${rest}`;
  const wizard = ENROLMENT.exec(path);
  if (wizard) return `/profile/mfa/enroll/${wizard[1]}/${wizard[2]}${rest}`;
  return DEFAULT_SIGNED_IN_PATH;
}
