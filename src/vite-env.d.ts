/// <reference types="vite/client" />

/** openapi.yaml's operations, read at build time (tools/vite-plugins/contract-operations.ts). */
declare module 'virtual:contract-operations' {
  const operations: ReadonlyArray<{ operationId: string; method: string; path: string }>;
  export default operations;
}
