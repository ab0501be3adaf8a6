/**
 * Development only: reports a response that does not match the contract's generated schema,
 * with the operation and the violation. The fetch function loads this module behind
 * `import.meta.env.DEV`, so production builds carry none of it.
 */
import type { ZodType } from 'zod';
import { parse } from 'yaml';
import contract from '../../../openapi.yaml?raw';

interface Operation {
  operationId: string;
  method: string;
  pattern: RegExp;
  schema?: ZodType;
}

const zodModules = import.meta.glob<Record<string, unknown>>('../../../generated/zod/**/*.ts', { eager: true });
const schemas = new Map<string, ZodType>();
for (const module of Object.values(zodModules)) {
  for (const [name, value] of Object.entries(module)) {
    if (value && typeof value === 'object' && 'safeParse' in value) schemas.set(name, value as ZodType);
  }
}

const spec = parse(contract) as { paths: Record<string, Record<string, { operationId?: string }>> };
const operations: Operation[] = Object.entries(spec.paths).flatMap(([path, methods]) =>
  Object.entries(methods).flatMap(([method, op]) => {
    if (!op?.operationId) return [];
    const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const name = `${op.operationId[0]!.toUpperCase()}${op.operationId.slice(1)}Response`;
    return [{ operationId: op.operationId, method: method.toUpperCase(), pattern, schema: schemas.get(name) }];
  }),
);

/** The message for a body that breaks its operation's schema; undefined when it matches. */
export function driftOf(method: string, url: URL, body: unknown): string | undefined {
  const operation = operations.find((op) => op.method === method.toUpperCase() && op.pattern.test(url.pathname));
  if (!operation?.schema) return undefined;
  const result = operation.schema.safeParse(body);
  if (result.success) return undefined;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
  return `[contract drift] ${operation.operationId} ${method.toUpperCase()} ${url.pathname}: ${issues}`;
}

export function reportDrift(method: string, url: URL, body: unknown): void {
  const message = driftOf(method, url, body);
  if (message) console.warn(message);
}
