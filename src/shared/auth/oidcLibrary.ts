// What sign-in loads on first use, as one file: the OpenID library (oidc-client-ts) and the
// checks of the discovery document the portal keeps (providerMetadata.ts).
export { UserManager, WebStorageStateStore } from 'oidc-client-ts';
export { keepProviderMetadata, readProviderMetadata } from './providerMetadata';
