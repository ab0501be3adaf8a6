// The headers the production build is served with, in one place: the preview server
// (vite.config.ts) applies them, so the end-to-end tests run under them, and
// tools/deploy/nginx-conf.ts writes them into the nginx configuration.

/** The origin of a URL, or nothing for an empty or relative one. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * A URL the headers may name: http(s), and nothing that could end a directive or the header
 * value (tools/deploy/nginx-conf.ts refuses the others outright).
 */
function isPlainUrl(url: string): boolean {
  return /^https?:$/.test(URL.parse(url)?.protocol ?? '') && /^[^\s;,"'\\]+$/.test(url);
}

/**
 * Where CSP violation reports go: a path on the portal's own origin only. A report carries the
 * address of the page it happened on, query included, and a callback's address carries its code
 * and state; so they stay with the portal's own server (which may pass them on without the
 * query), never another origin's collector. Anything else names no report address at all.
 */
export function cspReportPath(value: string): string {
  return /^\/(?!\/)[A-Za-z0-9._~!$&()*+=:@%/-]*$/.test(value) ? value : '';
}

/** The settings of config.json that decide the headers. */
export interface HostedSettings {
  oidcAuthority: string;
  apiBase?: string;
  cspReportUrl?: string;
  oktaOrgUrl?: string;
  errorReportUrl?: string;
}

/** What the headers name beyond the portal itself: origins, and the path CSP reports go to ('' for none). */
export interface HeaderSources {
  /** The identity provider's origin: requests and sign-in forms go there. */
  identityProvider: string;
  /** The API's origin, when it is not the portal's own. */
  api: string;
  /** The error reporter's origin. */
  errorReporter: string;
  /** The one other origin images may come from (the Okta organisation's). */
  images: string;
  report: string;
}

/** The sources config.json names; an errorReportUrl or cspReportUrl the headers may not name is left out. */
export function sourcesOf({ oidcAuthority, apiBase = '', cspReportUrl = '', oktaOrgUrl = '', errorReportUrl = '' }: HostedSettings): HeaderSources {
  return {
    identityProvider: originOf(oidcAuthority) ?? '',
    api: originOf(apiBase) ?? '',
    errorReporter: (isPlainUrl(errorReportUrl) && originOf(errorReportUrl)) || '',
    images: originOf(oktaOrgUrl) ?? '',
    report: cspReportPath(cspReportUrl),
  };
}

/**
 * No inline or foreign scripts, no framing, no sniffing, no referrer, no opener shared with
 * another site; the identity provider, the API (when it is on another origin) and the error
 * reporter (`errorReportUrl`, which the page sends its reports to) are the only other places
 * the page may talk to, and the Okta organisation (`oktaOrgUrl`) the only other place images
 * may come from. With `cspReportUrl` (config.json, a path on the portal's own origin),
 * violations are reported there.
 */
export function securityHeaders(settings: HostedSettings): Record<string, string> {
  return headersNaming(sourcesOf(settings));
}

/** The headers, naming these sources (nginx-conf.ts's container template names placeholders). */
export function headersNaming({ identityProvider, api, errorReporter, images, report }: HeaderSources): Record<string, string> {
  const others = [...new Set([identityProvider, api, errorReporter].filter(Boolean))].join(' ');
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets styles at run time.
    "style-src 'self' 'unsafe-inline'",
    // Okta serves enrollment barcodes from the organisation's own host: that host, no wider.
    `img-src 'self' data: ${images}`,
    `connect-src 'self' ${others}`,
    `form-action 'self' ${identityProvider}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    // report-uri for browsers that have not moved to the Reporting API yet.
    ...(report ? [`report-uri ${report}`, 'report-to csp'] : []),
  ]
    .map((directive) => directive.trim())
    .join('; ');
  return {
    'Content-Security-Policy': csp,
    ...(report ? { 'Reporting-Endpoints': `csp="${report}"` } : {}),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    // Callback addresses carry codes and states: no address of the portal goes anywhere else.
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}
