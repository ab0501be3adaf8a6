/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_OIDC_AUTHORITY: string;
  readonly VITE_OIDC_CLIENT_ID: string;
  readonly VITE_CENTRAL_SIGN_IN_URL: string;
  readonly VITE_CENTRAL_SIGN_OUT_URL: string;
  readonly VITE_WEBAUTHN_RP_ID: string;
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module '*.yaml?raw' {
  const text: string;
  export default text;
}
