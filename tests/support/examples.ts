import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

type Spec = {
  paths: Record<string, Record<string, Operation>>;
  components?: { examples?: Record<string, { value: unknown }>; responses?: Record<string, Response> };
};
type Response = { $ref?: string; content?: Record<string, { examples?: Record<string, { value?: unknown; $ref?: string }> }> };
type Operation = {
  operationId?: string;
  requestBody?: Response;
  responses?: Record<string, Response>;
};

const spec = parse(readFileSync(resolve(process.cwd(), 'openapi.yaml'), 'utf8')) as Spec;

function operation(operationId: string): Operation {
  for (const methods of Object.values(spec.paths)) {
    for (const op of Object.values(methods)) {
      if (op && typeof op === 'object' && op.operationId === operationId) return op;
    }
  }
  throw new Error(`openapi.yaml has no operation ${operationId}`);
}

/**
 * A named example of the contract (a persona such as 'full', or 'timeout'), so component
 * tests use the same data as the Prism mock and the end-to-end tests; `status` 'request' for
 * the example of the request's body.
 */
export function example<T = unknown>(operationId: string, name: string, status = '200'): T {
  let response = status === 'request' ? operation(operationId).requestBody : operation(operationId).responses?.[status];
  if (response?.$ref) response = spec.components?.responses?.[response.$ref.split('/').pop()!];
  let found = response?.content?.['application/json']?.examples?.[name];
  if (found?.$ref) found = spec.components?.examples?.[found.$ref.split('/').pop()!];
  if (!found) throw new Error(`${operationId} ${status} has no example '${name}'`);
  return structuredClone(found.value) as T;
}
