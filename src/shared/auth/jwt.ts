/**
 * The claims of a compact JWT, read without checking its signature: for what the portal
 * shows or compares (a subject, a name, when the person signed in), never for trust, which
 * is the backend's and the OpenID library's business. Undefined when unreadable.
 */
export function jwtClaims(token: unknown): Record<string, unknown> | undefined {
  if (typeof token !== 'string' || token.length > 16_384) return undefined;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
