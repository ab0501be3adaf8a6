/**
 * The contract's answer schemas (generated/zod), by method and path: what openapi.yaml says a
 * call answers. The fetch function loads this module only when it needs it (a failed status
 * whose body may still be an answer), so the first page carries none of it.
 */
import type { ZodType } from 'zod';
import operations from 'virtual:contract-operations';

const zodModules = import.meta.glob<Record<string, unknown>>('../../../generated/zod/**/*.ts', { eager: true });
const schemas = new Map<string, ZodType>();
for (const module of Object.values(zodModules)) {
  for (const [name, value] of Object.entries(module)) {
    if (value && typeof value === 'object' && 'safeParse' in value) schemas.set(name, value as ZodType);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Operation {
  operationId: string;
  method: string;
  pattern: RegExp;
  /** The schema of its successful answer. */
  schema?: ZodType;
}

const known: Operation[] = operations.map(({ operationId, method, path }) => ({
  operationId,
  method,
  pattern: new RegExp(
    `^${path
      .split(/\{[^}]+\}/)
      .map(escape)
      .join('[^/]+')}$`,
  ),
  schema: schemas.get(`${operationId[0]!.toUpperCase()}${operationId.slice(1)}Response`),
}));

/** The operation a call is, by method and path. */
function operationOf(method: string, url: URL): Operation | undefined {
  return known.find((op) => op.method === method.toUpperCase() && op.pattern.test(url.pathname));
}

/**
 * How a body breaks the schema of its operation's answer: undefined when it matches, or when
 * the contract has no schema for the call.
 */
export function contractViolations(method: string, url: URL, body: unknown): { operationId: string; issues: string } | undefined {
  const operation = operationOf(method, url);
  if (!operation?.schema) return undefined;
  const result = operation.schema.safeParse(body);
  if (result.success) return undefined;
  return {
    operationId: operation.operationId,
    issues: result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; '),
  };
}

/**
 * Whether a body under a failed status is still what the contract says the call answers (the
 * spec takes it as the answer, whatever the status). Only a non-empty object or list can be:
 * a gateway's `{}`, a bare string or a number under a 5xx is no answer, whatever schema it
 * happens to fit; and the schemas are strict, so an error body with fields of its own is not
 * one either.
 */
export function isContractAnswer(method: string, url: URL, body: unknown): boolean {
  const filled = Array.isArray(body) ? body.length > 0 : typeof body === 'object' && body !== null && Object.keys(body).length > 0;
  const operation = operationOf(method, url);
  return filled && operation?.schema !== undefined && operation.schema.safeParse(body).success;
}
