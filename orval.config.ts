import { defineConfig } from 'orval';

/**
 * Everything in generated/ comes from openapi.yaml through this file.
 * `npm run generate` rewrites it; `npm run generate:check` (part of `npm test`)
 * fails when the committed output is stale.
 */
export default defineConfig({
  api: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: 'generated/api',
      schemas: 'generated/model',
      client: 'react-query',
      httpClient: 'fetch',
      // An id from the server goes into the address as one segment: encodeURIComponent, so a
      // crafted "../factor/x" cannot reach another resource (src/shared/api/fetcher.ts checks too).
      urlEncodeParameters: true,
      clean: true,
      // Written in the project's Prettier style, so the committed output passes format:check.
      formatter: 'prettier',
      // MSW handlers answer with the contract's first named example (the new-user persona).
      mock: { generators: [{ type: 'msw', useExamples: true }] },
      override: {
        query: { version: 5 },
        // Hooks return the body itself; the mutator has already turned errors into ApiError.
        fetch: { includeHttpResponseReturnType: false },
        mutator: { path: './src/shared/api/fetcher.ts', name: 'apiFetch' },
        operations: {
          getLoginLog: { query: { useInfinite: true, useInfiniteQueryParam: 'afterToken', useQuery: true } },
        },
      },
    },
  },
  // Runtime schemas: used by the contract tests (every generated mock must pass its schema).
  zod: {
    input: { target: './openapi.yaml' },
    output: {
      mode: 'tags-split',
      target: 'generated/zod',
      client: 'zod',
      clean: true,
      formatter: 'prettier',
      // Answers are checked as the contract says (additionalProperties: false): a body with
      // fields the contract does not know is not an answer (src/shared/api/contract.ts).
      override: { zod: { strict: { response: true } } },
    },
  },
});
