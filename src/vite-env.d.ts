/// <reference types="vite/client" />

/** openapi.yaml's operations, read at build time (tools/vite-plugins/contract-operations.ts). */
declare module 'virtual:contract-operations' {
  const operations: ReadonlyArray<{ operationId: string; method: string; path: string }>;
  export default operations;
}

/** Which addresses need a session, read at build time from src/routeTree.gen.ts (tools/vite-plugins/route-tree.ts). */
declare module 'virtual:route-tree/signed-in' {
  /** Matches the address of every page under the sign-in guard (/_authenticated). */
  export const signedInPath: RegExp;
}

/** The signed-in pages that take no parameter (`/profile/mfa`...), sorted (tools/vite-plugins/route-tree.ts). */
declare module 'virtual:route-tree/pages' {
  export const signedInPages: readonly string[];
}

/** The fixed words of the routes' paths (`profile`, `mfa`...), sorted (tools/vite-plugins/route-tree.ts). */
declare module 'virtual:route-tree/words' {
  export const pathWords: readonly string[];
}
