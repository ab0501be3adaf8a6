// What a config.json may say, and the checks it must pass: one module, which imports nothing,
// for the portal as it starts (config.ts) and for the tools that check a deployment's file before
// it goes live (tools/deploy/config-check.ts, the dev server's proxy).

/**
 * The contract's social providers (generated/model/socialProvider.ts; config.test.ts holds the
 * two lists equal). Named here so that the tools can read this file without the generated client.
 */
export const SOCIAL_PROVIDER_NAMES = ['iamsmart', 'facebook', 'linkedin', 'google', 'apple'] as const;
type SocialProvider = (typeof SOCIAL_PROVIDER_NAMES)[number];

/**
 * Deployment settings, read at start-up from `/config.json` (public/config.json holds the
 * local dev stack's, marked `"dev": true`), so one build serves every environment: a deployment
 * replaces that file.
 */
export interface Config {
  /**
   * Marks the dev stack's settings: only such a config may name this machine (localhost) or
   * plain http:, and the portal uses it only when its own page is served from this machine.
   */
  dev: boolean;
  /** The OpenID provider's issuer URL. */
  oidcAuthority: string;
  oidcClientId: string;
  /** Where the API lives; empty when it is served from the portal's own origin. */
  apiBase: string;
  /** The university's central sign-in host (the Back button of the error page, failed links). */
  centralSignInUrl: string;
  /** The central sign-out page (after a successful identity link). */
  centralSignOutUrl: string;
  /** false hides the Social Identities & IAM SMART box whatever the API says. */
  socialIdentities: boolean;
  /**
   * Optional: where browsers report Content-Security-Policy violations (the hosting's headers
   * use it). A path on the portal's own origin: a report carries the page's address, and a
   * callback's address carries its code and state.
   */
  cspReportUrl: string;
  /**
   * Optional: the Okta organisation behind the factor calls. Okta serves enrollment barcodes
   * from its own host; this is the one other host images may come from.
   */
  oktaOrgUrl: string;
  /** Optional: where a small report of each unexpected error is sent (no tokens, no typed values). */
  errorReportUrl: string;
  /**
   * Optional: another origin a social provider's sign-in may be on than the one the portal knows
   * (src/shared/socialProviders.ts), by provider; "self" (the portal's own origin, as the dev
   * stack's mock answers) only in a config marked dev.
   */
  socialAuthorizeOrigins: Partial<Record<SocialProvider, string>>;
}

const URL_FIELDS = ['oidcAuthority', 'centralSignInUrl', 'centralSignOutUrl'] as const;
const OPTIONAL_URL_FIELDS = ['apiBase', 'oktaOrgUrl', 'errorReportUrl'] as const;
/** Plain http is for this machine only (the dev stack); everything else travels over TLS. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

/** A host name that is this machine: localhost and its subdomains, 127.0.0.0/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '[::1]' || host === '::1';
}

/** A same-origin path with nothing that could end a header directive, no query and no fragment. */
const isSameOriginPath = (value: string) => /^\/(?!\/)[\w.~!$&()*+=:@%/-]*$/.test(value);

export function urlOf(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

export const isHttpUrl = (url: URL | undefined): url is URL => url !== undefined && ['http:', 'https:'].includes(url.protocol);
/** https, or plain http on this machine only (the dev stack). */
export const isSecure = (url: URL) => url.protocol === 'https:' || LOCAL_HOSTS.includes(url.hostname);

/**
 * Checks a config file's content; every problem is listed, so one fix round is enough.
 * `pageOrigin` is where the portal's page is served from (the browser's origin); a config
 * marked dev is refused anywhere but on this machine.
 */
export function parseConfig(value: unknown, { pageOrigin }: { pageOrigin?: string } = {}): { config: Config } | { errors: string[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { errors: ['the file is not a JSON object'] };
  const raw = value as Record<string, unknown>;
  const errors: string[] = [];
  const text = (name: keyof Config, { optional = false } = {}) => {
    const field = raw[name];
    if (optional && (field === undefined || field === '')) return '';
    if (typeof field !== 'string' || !field.trim()) {
      errors.push(`${name} must be a non-empty string`);
      return '';
    }
    return field.trim().replace(/\/+$/, '');
  };
  const dev = raw.dev === true;
  const config: Config = {
    dev,
    oidcAuthority: text('oidcAuthority'),
    oidcClientId: text('oidcClientId'),
    apiBase: text('apiBase', { optional: true }),
    centralSignInUrl: text('centralSignInUrl'),
    centralSignOutUrl: text('centralSignOutUrl'),
    socialIdentities: raw.socialIdentities === true,
    cspReportUrl: text('cspReportUrl', { optional: true }),
    oktaOrgUrl: text('oktaOrgUrl', { optional: true }),
    errorReportUrl: text('errorReportUrl', { optional: true }),
    socialAuthorizeOrigins: {},
  };
  if (raw.dev !== undefined && typeof raw.dev !== 'boolean') errors.push('dev must be true or false');
  if (dev && pageOrigin !== undefined && !isLoopbackHost(urlOf(pageOrigin)?.hostname ?? '')) {
    errors.push(`settings marked "dev": true are for this machine only, not ${urlOf(pageOrigin)?.host ?? pageOrigin}`);
  }
  if (raw.socialIdentities !== undefined && typeof raw.socialIdentities !== 'boolean') errors.push('socialIdentities must be true or false');
  for (const name of [...URL_FIELDS, ...OPTIONAL_URL_FIELDS]) {
    if (!config[name]) continue;
    const url = urlOf(config[name]);
    if (!isHttpUrl(url))
      errors.push(OPTIONAL_URL_FIELDS.includes(name as never) ? `${name} must be empty or an http(s) URL` : `${name} must be an http(s) URL`);
    else if (!isSecure(url!)) errors.push(`${name} must use https: (plain http: is allowed only on localhost or 127.0.0.1)`);
    else if (!dev && (url!.protocol === 'http:' || isLoopbackHost(url!.hostname)))
      errors.push(`${name} names this machine or plain http:, which only a config marked "dev": true may do`);
  }
  if (config.cspReportUrl && !isSameOriginPath(config.cspReportUrl)) {
    // A report carries the page's address: a callback's code and state stay with the portal.
    errors.push('cspReportUrl must be a path on the portal’s own origin, such as /csp-report');
  }
  config.socialAuthorizeOrigins = authorizeOrigins(raw.socialAuthorizeOrigins, dev, errors);
  return errors.length ? { errors } : { config };
}

/** config.json's `socialAuthorizeOrigins`: by provider, an https origin, or (dev only) "self" or a local http origin. */
function authorizeOrigins(value: unknown, dev: boolean, errors: string[]): Config['socialAuthorizeOrigins'] {
  const origins: Record<string, string> = {};
  if (value === undefined) return origins;
  const entries: Array<[string, unknown]> = typeof value === 'object' && value && !Array.isArray(value) ? Object.entries(value) : [['', value]];
  for (const [provider, origin] of entries) {
    const url = typeof origin === 'string' ? urlOf(origin) : undefined;
    const local = url !== undefined && isLoopbackHost(url.hostname);
    const allowed =
      (SOCIAL_PROVIDER_NAMES as readonly string[]).includes(provider) &&
      (origin === 'self' ? dev : url !== undefined && url.origin === origin && (url.protocol === 'https:' ? dev || !local : dev && local));
    if (allowed) origins[provider] = origin as string;
    else errors.push(`socialAuthorizeOrigins.${provider} must be a provider's https origin ("self" only when "dev": true)`);
  }
  return origins;
}
