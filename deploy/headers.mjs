// The headers the production build is served with, in one place: the preview server
// (vite.config.ts) applies them, so the end-to-end tests run under them, and
// scripts/nginx-conf.mjs writes them into the nginx configuration.

/** The origin of a URL, or nothing for an empty or relative one. */
function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * No inline or foreign scripts, no framing, no sniffing; the identity provider and the API
 * (when it is on another origin) are the only other places the page may talk to.
 */
export function securityHeaders({ oidcAuthority, apiBase = '' }) {
  const others = [...new Set([originOf(oidcAuthority), originOf(apiBase)].filter(Boolean))].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    `connect-src 'self' ${others}`,
    `form-action 'self' ${originOf(oidcAuthority) ?? ''}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ]
    .map((directive) => directive.trim())
    .join('; ');
  return {
    'Content-Security-Policy': csp,
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
  };
}
