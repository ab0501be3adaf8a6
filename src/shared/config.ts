/**
 * Deployment settings, read from Vite's environment files (`.env` holds the local dev stack).
 * Nothing here is hard-coded so one code base serves every environment.
 */
function required(name: string, value: string | undefined): string {
  if (!value) throw new Error(`Missing setting ${name}: see .env`);
  return value.replace(/\/+$/, '');
}

const env = import.meta.env;

export const config = {
  oidcAuthority: required('VITE_OIDC_AUTHORITY', env.VITE_OIDC_AUTHORITY),
  oidcClientId: required('VITE_OIDC_CLIENT_ID', env.VITE_OIDC_CLIENT_ID),
  centralSignInUrl: required('VITE_CENTRAL_SIGN_IN_URL', env.VITE_CENTRAL_SIGN_IN_URL),
  centralSignOutUrl: required('VITE_CENTRAL_SIGN_OUT_URL', env.VITE_CENTRAL_SIGN_OUT_URL),
  /** The WebAuthn relying-party id: fixed to the university's domain (spec section 9). */
  webauthnRpId: required('VITE_WEBAUTHN_RP_ID', env.VITE_WEBAUTHN_RP_ID),
  /** Empty string: the API is served from the portal's own origin. */
  apiBase: (env.VITE_API_BASE ?? '').replace(/\/+$/, ''),
} as const;
