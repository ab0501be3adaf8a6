// What one run of the benchmark measures (from --server), and how it gives up.
import { APP_ORIGIN, HOSTED_ORIGIN } from '../../mock/origins.ts';

export const SERVERS = ['nginx', 'preview'] as const;
export type ServerKind = (typeof SERVERS)[number];

const PAGE_PATH = '/profile/details';

export interface Target {
  kind: ServerKind;
  origin: string;
  /** The signed-in page that is measured. */
  page: string;
  /** What serves the build, as the report names it. */
  description: string;
  /** nginx only: the base64 SHA-256 of its certificate's public key, which the browser trusts. */
  spki?: string;
}

/** Where the page is measured for --server; nginx completes it once it runs (servers.ts). */
export function targetFor(kind: ServerKind): Target {
  const origin = kind === 'nginx' ? HOSTED_ORIGIN : APP_ORIGIN;
  return { kind, origin, page: `${origin}${PAGE_PATH}`, description: kind === 'nginx' ? 'nginx' : 'vite preview, HTTP/1.1 without TLS' };
}

/** A measurement that cannot go on: reported as its message alone, without a stack. */
export class BenchError extends Error {}

export function fail(message: string): never {
  throw new BenchError(message);
}
