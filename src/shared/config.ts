/**
 * Deployment settings, read at start-up from `/config.json` (public/config.json holds the
 * local dev stack's), so one build serves every environment: a deployment replaces that file.
 */
interface Config {
  /** The OpenID provider's issuer URL. */
  oidcAuthority: string;
  oidcClientId: string;
  /** Where the API lives; empty when it is served from the portal's own origin. */
  apiBase: string;
  /** The university's central sign-in host (the Back button of the error page, failed links). */
  centralSignInUrl: string;
  /** The central sign-out page (after a successful identity link). */
  centralSignOutUrl: string;
  /** The WebAuthn relying-party id: the university's domain (spec section 9). */
  webauthnRpId: string;
  /** false hides the Social Identities & IAM SMART box whatever the API says. */
  socialIdentities: boolean;
  /** Optional: where browsers report Content-Security-Policy violations (the hosting's headers use it). */
  cspReportUrl: string;
  /**
   * Optional: the Okta organisation behind the factor calls. Okta serves enrolment barcodes
   * from its own host; this is the one other host images may come from.
   */
  oktaOrgUrl: string;
  /** Optional: where a small report of each unexpected error is sent (no tokens, no typed values). */
  errorReportUrl: string;
}

const CONFIG_PATH = '/config.json';

const URL_FIELDS = ['oidcAuthority', 'centralSignInUrl', 'centralSignOutUrl'] as const;
const OPTIONAL_URL_FIELDS = ['apiBase', 'cspReportUrl', 'oktaOrgUrl', 'errorReportUrl'] as const;
/** Plain http is for this machine only (the dev stack); everything else travels over TLS. */
const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

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

/** Checks a config file's content; every problem is listed, so one fix round is enough. */
export function parseConfig(value: unknown): { config: Config } | { errors: string[] } {
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
  const config: Config = {
    oidcAuthority: text('oidcAuthority'),
    oidcClientId: text('oidcClientId'),
    apiBase: text('apiBase', { optional: true }),
    centralSignInUrl: text('centralSignInUrl'),
    centralSignOutUrl: text('centralSignOutUrl'),
    webauthnRpId: text('webauthnRpId'),
    socialIdentities: raw.socialIdentities === true,
    cspReportUrl: text('cspReportUrl', { optional: true }),
    oktaOrgUrl: text('oktaOrgUrl', { optional: true }),
    errorReportUrl: text('errorReportUrl', { optional: true }),
  };
  if (raw.socialIdentities !== undefined && typeof raw.socialIdentities !== 'boolean') errors.push('socialIdentities must be true or false');
  for (const name of [...URL_FIELDS, ...OPTIONAL_URL_FIELDS]) {
    if (!config[name]) continue;
    const url = urlOf(config[name]);
    if (!isHttpUrl(url))
      errors.push(OPTIONAL_URL_FIELDS.includes(name as never) ? `${name} must be empty or an http(s) URL` : `${name} must be an http(s) URL`);
    else if (!isSecure(url!)) errors.push(`${name} must use https: (plain http: is allowed only on localhost or 127.0.0.1)`);
  }
  return errors.length ? { errors } : { config };
}

/** The settings in force; filled by loadConfig before the app renders. */
export const config: Config = {
  oidcAuthority: '',
  oidcClientId: '',
  apiBase: '',
  centralSignInUrl: '',
  centralSignOutUrl: '',
  webauthnRpId: '',
  socialIdentities: false,
  cspReportUrl: '',
  oktaOrgUrl: '',
  errorReportUrl: '',
};

export function applyConfig(next: Config) {
  Object.assign(config, next);
}

/** Fetches and applies /config.json; rejects with a readable reason. */
// The settings file is a static asset of the portal, not an API call: plain fetch is right here.
// eslint-disable-next-line no-restricted-globals
export async function loadConfig(fetchFn: typeof fetch = fetch): Promise<void> {
  const response = await fetchFn(CONFIG_PATH, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${CONFIG_PATH} answered HTTP ${response.status}`);
  const parsed = parseConfig(await response.json().catch(() => undefined));
  if ('errors' in parsed) throw new Error(`${CONFIG_PATH}: ${parsed.errors.join('; ')}`);
  applyConfig(parsed.config);
}
