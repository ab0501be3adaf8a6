// The local stack the end-to-end tests and the benchmark run against, and how they start
// Debian's Chromium: one definition for playwright.config.ts and the benchmark (bench/).

export const APP_ORIGIN = 'http://localhost:4173';
export const IDP_ORIGIN = 'http://localhost:9000';
/**
 * The production build behind nginx with TLS and HTTP/2, as `npm run bench` measures it
 * (registered with the dev identity provider, mock/idp.ts). A *.localhost name reaches this
 * machine without any DNS or hosts entry.
 */
export const HOSTED_ORIGIN = 'https://portal.localhost:4443';

export interface StackServer {
  name: string;
  port: number;
  /** Node's arguments that start it, from the checkout's root. */
  args: string[];
  /** An address that answers once it is up. */
  ready: string;
}

/** The three servers, each with the address that answers once it is up. */
export const STACK: StackServer[] = [
  { name: 'identity provider', port: 9000, args: ['mock/idp.ts'], ready: `${IDP_ORIGIN}/.well-known/openid-configuration` },
  // Prism answers 401 without a token: that is "up". Stateless: the tests choose each answer
  // from the contract's examples with the Prefer header, and no test sees another's changes.
  { name: 'mock API (Prism)', port: 4010, args: ['mock/api.ts', '--stateless'], ready: 'http://127.0.0.1:4010/api/v1/user/profile' },
  { name: 'vite preview', port: 4173, args: ['node_modules/vite/bin/vite.js', 'preview'], ready: `${APP_ORIGIN}/robots.txt` },
];

/** Debian's Chromium, never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags this machine needs (its network is closed: no background connections). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
