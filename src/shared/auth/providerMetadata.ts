import type { OidcMetadata } from 'oidc-client-ts';
import { isHttpUrl, isSecure, urlOf } from '../config/configSchema';
import { PROVIDER_METADATA_KEY } from '../storage/storageKeys';

/** How long the browser trusts the discovery document it fetched: a visit, not a release of the provider. */
const KEEP_FOR_MS = 60 * 60 * 1000;

/** The endpoints a sign-in needs; the others are checked when present. */
const REQUIRED_ENDPOINTS = ['authorization_endpoint', 'token_endpoint'] as const;
const OPTIONAL_ENDPOINTS = ['end_session_endpoint', 'revocation_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;

interface Kept {
  authority: string;
  savedAt: number;
  metadata: Partial<OidcMetadata>;
}

const sameIssuer = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** `value` as an https address (plain http on this machine only), or undefined. */
function secureUrl(value: unknown): URL | undefined {
  const url = typeof value === 'string' ? urlOf(value) : undefined;
  return isHttpUrl(url) && isSecure(url) ? url : undefined;
}

const withSlash = (path: string) => (path.endsWith('/') ? path : `${path}/`);

/**
 * Whether `value` is one of the identity provider's own endpoints: a secure address on its
 * origin, under its issuer's path (another realm or tenant of a shared host is another
 * provider), and with nothing the library would add its parameters to (a query, a fragment,
 * credentials).
 */
function isProviderEndpoint(value: unknown, issuer: URL): boolean {
  const url = secureUrl(value);
  if (!url || url.origin !== issuer.origin || url.search || url.hash || url.username || url.password) return false;
  return issuer.pathname === '/' || withSlash(url.pathname).startsWith(withSlash(issuer.pathname));
}

/**
 * Whether a kept discovery document can stand for `authority`'s: it names that issuer, and
 * every endpoint the portal sends a person, a code or a token to is one of the provider's own.
 * A provider whose endpoints live elsewhere is simply asked again each time.
 */
export function isUsableMetadata(metadata: unknown, authority: string): metadata is Partial<OidcMetadata> {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return false;
  const issuer = secureUrl(authority);
  if (!issuer) return false;
  const fields = metadata as Record<string, unknown>;
  if (typeof fields.issuer !== 'string' || !sameIssuer(fields.issuer, authority)) return false;
  if (!REQUIRED_ENDPOINTS.every((name) => isProviderEndpoint(fields[name], issuer))) return false;
  return OPTIONAL_ENDPOINTS.every((name) => fields[name] === undefined || isProviderEndpoint(fields[name], issuer));
}

/** The fields the portal checked, and no others: nothing unchecked reaches the library. */
function checkedFields(metadata: Partial<OidcMetadata>): Partial<OidcMetadata> {
  const names = ['issuer', ...REQUIRED_ENDPOINTS, ...OPTIONAL_ENDPOINTS] as const;
  return Object.fromEntries(names.filter((name) => metadata[name] !== undefined).map((name) => [name, metadata[name]]));
}

/**
 * The checked fields of the discovery document kept for `authority` (in this browser, within
 * the hour), or undefined: none kept, another authority's, older than an hour, from the
 * future, or not a document the portal can trust.
 */
export function readProviderMetadata(storage: Storage, authority: string, now = Date.now()): Partial<OidcMetadata> | undefined {
  try {
    const kept = JSON.parse(storage.getItem(PROVIDER_METADATA_KEY) ?? 'null') as Partial<Kept> | null;
    if (!kept || kept.authority !== authority || typeof kept.savedAt !== 'number') return undefined;
    if (kept.savedAt > now || now - kept.savedAt > KEEP_FOR_MS) return undefined;
    return isUsableMetadata(kept.metadata, authority) ? checkedFields(kept.metadata) : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps a discovery document just fetched from `authority`, when it is one the portal can trust. */
export function keepProviderMetadata(storage: Storage, authority: string, metadata: unknown, now = Date.now()) {
  if (!isUsableMetadata(metadata, authority)) return;
  const kept: Kept = { authority, savedAt: now, metadata: checkedFields(metadata) };
  try {
    storage.setItem(PROVIDER_METADATA_KEY, JSON.stringify(kept));
  } catch {
    // A full storage only costs the next page a fetch.
  }
}
