export const DEFAULT_SIGNED_IN_PATH = '/profile';

/**
 * The place to return to after sign-in, kept only when it is a path on this origin:
 * anything absolute, protocol-relative or odd falls back to /profile, so a crafted
 * link cannot send the user elsewhere.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return DEFAULT_SIGNED_IN_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  // Control characters and backslashes have no place in our own paths.
  if ([...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || c === '\\')) {
    return DEFAULT_SIGNED_IN_PATH;
  }
  if (value === '/' || value.startsWith('/auth/')) return DEFAULT_SIGNED_IN_PATH;
  return value;
}
