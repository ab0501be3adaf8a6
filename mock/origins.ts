// Where the portal is served on this machine: each origin the dev identity provider sends a
// sign-in back to (idp.ts) and the mock's passkey check takes a registration from (passkeys.ts).
// One list, which the tools that start those servers read too (tools/scripts/dev-stack.ts, the
// benchmark): the mock imports nothing of the tools.

/** The dev server (`npm start`). */
export const DEV_ORIGIN = 'http://localhost:5173';
/** The production build's preview, the end-to-end tests' stack. */
export const APP_ORIGIN = 'http://localhost:4173';
/** The build behind nginx in the hosting test (tests/stack/hosting.spec.ts). */
const HOSTING_TEST_ORIGIN = 'http://localhost:4180';
/**
 * The build behind nginx with TLS and HTTP/2, as `npm run bench` measures it. A *.localhost name
 * reaches this machine without any DNS or hosts entry.
 */
export const HOSTED_ORIGIN = 'https://portal.localhost:4443';

export const PORTAL_ORIGINS = [DEV_ORIGIN, APP_ORIGIN, HOSTING_TEST_ORIGIN, HOSTED_ORIGIN];
