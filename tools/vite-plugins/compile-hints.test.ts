import { describe, expect, it } from 'vitest';
import { addCompileHint, COMPILE_HINT } from './compile-hints.ts';

const bundle = () => ({
  'assets/app-1a.js': { type: 'chunk', name: 'app', fileName: 'assets/app-1a.js', code: 'const __vite__mapDeps=1;\nimport"./x.js";' },
  'assets/app-1a.js.map': { type: 'asset', fileName: 'assets/app-1a.js.map', source: JSON.stringify({ version: 3, mappings: ';AAAA,CAAC' }) },
  'assets/index-2b.js': { type: 'chunk', name: 'index', fileName: 'assets/index-2b.js', code: 'boot();' },
  'assets/app-3c.css': { type: 'asset', name: 'app', fileName: 'assets/app-3c.css', source: 'a{}' },
});

describe('addCompileHint', () => {
  it("puts V8's hint on the named chunk's first line, above Vite's dependency list, and moves its source map down a line", () => {
    const output = bundle();
    addCompileHint(output, 'app');
    expect(output['assets/app-1a.js'].code).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=1;\nimport"./x.js";`);
    expect(JSON.parse(output['assets/app-1a.js.map'].source)).toEqual({ version: 3, mappings: ';;AAAA,CAAC' });
    expect(output['assets/index-2b.js'].code).toBe('boot();');
    expect(output['assets/app-3c.css'].source).toBe('a{}');
  });

  it('fails the build when no chunk has the name', () => {
    expect(() => addCompileHint(bundle(), 'main')).toThrow('compile-hints: no chunk named main');
  });
});
