import { parseConfig, type Config } from './configSchema';

const CONFIG_PATH = '/config.json';

/** The settings in force; filled by loadConfig before the app renders. */
export const config: Config = {
  dev: false,
  oidcAuthority: '',
  oidcClientId: '',
  apiBase: '',
  centralSignInUrl: '',
  centralSignOutUrl: '',
  socialIdentities: false,
  cspReportUrl: '',
  oktaOrgUrl: '',
  errorReportUrl: '',
  socialAuthorizeOrigins: {},
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
  const parsed = parseConfig(await response.json().catch(() => undefined), { pageOrigin: window.location.origin });
  if ('errors' in parsed) throw new Error(`${CONFIG_PATH}: ${parsed.errors.join('; ')}`);
  applyConfig(parsed.config);
}
