// import.meta.glob is Vite's: these tests run under Vitest, not plain Node.
/// <reference types="vite/client" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ZodType } from 'zod';

/**
 * Every mock response orval generates (the MSW handlers' default answers, taken from the
 * contract's first named example) must pass the zod schema orval generates for the same
 * operation, so component tests never run on data the contract forbids.
 */
const mockModules = import.meta.glob<Record<string, unknown>>('../../generated/api/**/*.msw.ts', { eager: true });
const zodModules = import.meta.glob<Record<string, unknown>>('../../generated/zod/**/*.ts', { eager: true });

const schemas = new Map<string, ZodType>();
for (const module of Object.values(zodModules)) {
  for (const [name, value] of Object.entries(module)) {
    if (value && typeof value === 'object' && 'safeParse' in value) schemas.set(name, value as ZodType);
  }
}

const mocks: Array<[string, () => unknown]> = [];
for (const module of Object.values(mockModules)) {
  for (const [name, value] of Object.entries(module)) {
    const match = /^get(\w+)ResponseMock$/.exec(name);
    if (match && typeof value === 'function') mocks.push([match[1]!, value as () => unknown]);
  }
}

type Response = { $ref?: string; content?: unknown };
type Operation = { operationId: string; responses: Record<string, Response> };
const spec = parse(readFileSync('openapi.yaml', 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};
const resolved = (response: Response) => (response.$ref ? spec.components.responses[response.$ref.split('/').pop()!]! : response);
/** The operations of the contract whose success answer has a body, named as orval names their mocks (getProfile: GetProfile). */
const withBody = Object.values(spec.paths)
  .flatMap((item) => Object.values(item).filter((op): op is Operation => typeof op === 'object' && op !== null && 'operationId' in op))
  .filter((op) => Object.entries(op.responses).some(([status, response]) => /^2/.test(status) && resolved(response).content))
  .map((op) => op.operationId[0]!.toUpperCase() + op.operationId.slice(1));

describe('generated mocks', () => {
  it('exist for every operation that answers with a body', () => {
    expect(withBody.length).toBeGreaterThan(0);
    expect(mocks.map(([operation]) => operation).sort()).toEqual([...withBody].sort());
  });

  it.each(mocks)('%s mock passes its response schema', (operation, mock) => {
    const schema = schemas.get(`${operation}Response`);
    expect(schema, `generated/zod has no ${operation}Response`).toBeDefined();
    const result = schema!.safeParse(mock());
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });
});
