import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EXPORT_PAGE_SIZE } from './loginCsv';
import { LOGIN_LOG_PAGE_SIZE } from './loginLogQuery';

interface Operation {
  description: string;
  parameters: Array<{ name: string; schema: { minimum: number; maximum: number } }>;
}
const { paths } = parse(readFileSync('openapi.yaml', 'utf8')) as { paths: Record<string, { get: Operation }> };

describe('the login history as openapi.yaml describes it', () => {
  it('names the page sizes the portal asks for (the table, the CSV download), each within num’s bounds', () => {
    const { description, parameters } = paths['/api/v1/user/log']!.get;
    const asked = description.replace(/\s+/g, ' ').match(/the portal asks for ([^)]*)\)/)?.[1] ?? '';
    const sizes = [...asked.matchAll(/\b\d+\b/g)].map((match) => Number(match[0]));
    expect(sizes.sort((a, b) => a - b)).toEqual([LOGIN_LOG_PAGE_SIZE, EXPORT_PAGE_SIZE].sort((a, b) => a - b));
    const num = parameters.find((parameter) => parameter.name === 'num')!.schema;
    for (const size of sizes) {
      expect(size).toBeGreaterThanOrEqual(num.minimum);
      expect(size).toBeLessThanOrEqual(num.maximum);
    }
  });
});
