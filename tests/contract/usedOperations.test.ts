import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** Operations the spec defines but marks as unused by the portal (section 7: "use not shown"). */
const UNUSED_BY_SPEC = new Set(['listIdentityProviders']);

const root = resolve(process.cwd());
const spec = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
const operationIds = Object.values(spec.paths).flatMap((methods) =>
  Object.values(methods).flatMap((op) => (op && typeof op === 'object' && op.operationId ? [op.operationId] : [])),
);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}
const code = sources(join(root, 'src')).join('\n');
const capital = (id: string) => id[0]!.toUpperCase() + id.slice(1);

describe('no dead contract: every operation of openapi.yaml is called by the portal', () => {
  it('reads the operations from the contract', () => {
    expect(operationIds.length).toBeGreaterThan(0);
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it.each(operationIds.filter((id) => !UNUSED_BY_SPEC.has(id)))('%s is used by the portal', (id) => {
    // The generated function, its hook or its query options.
    const uses = [
      `${id}(`,
      `use${capital(id)}(`,
      `use${capital(id)}Infinite(`,
      `get${capital(id)}QueryOptions(`,
      `get${capital(id)}InfiniteQueryOptions(`,
      `get${capital(id)}QueryKey(`,
    ];
    expect(
      uses.some((use) => code.includes(use)),
      `${id} is not called anywhere in src/`,
    ).toBe(true);
  });

  it('the operations listed as unused really are unused', () => {
    for (const id of UNUSED_BY_SPEC) expect(code.includes(`${id}(`) || code.includes(`use${capital(id)}(`)).toBe(false);
  });
});
