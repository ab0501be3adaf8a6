import { describe, expect, it } from 'vitest';
import { staticImports } from './chunk-groups.ts';

describe('staticImports', () => {
  it('follows static imports transitively, through cycles, and nothing else', () => {
    const graph: Record<string, string[]> = { a: ['b', 'c'], b: ['c', 'a'], c: ['d'], d: [], lazy: ['d'] };
    expect([...staticImports('a', (id) => (graph[id] ? { importedIds: graph[id] } : null))].sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
