import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the ESLint configuration is plain JavaScript
import { MANTINE_BY_NAME } from '../../eslint.config.js';

const linter = new Linter();
const problems = (code: string) =>
  linter
    .verify(code, { languageOptions: { ecmaVersion: 2024, sourceType: 'module' }, rules: { 'no-restricted-syntax': ['error', ...MANTINE_BY_NAME] } })
    .map((problem) => problem.line);

describe("Mantine's components are imported by name", () => {
  it('accepts named imports, aliased or not', () => {
    expect(problems("import { Button, Table as T } from '@mantine/core';")).toEqual([]);
    expect(problems("import { Button } from '@mantine/hooks';\nimport * as H from '@mantine/hooks';")).toEqual([]);
  });

  it('refuses an import the build cannot read by name', () => {
    expect(problems("import * as M from '@mantine/core';")).toEqual([1]);
    expect(problems("import M from '@mantine/core';")).toEqual([1]);
    expect(problems("import M, { Button } from '@mantine/core';")).toEqual([1]);
    expect(problems("export * from '@mantine/core';")).toEqual([1]);
    expect(problems("const m = import('@mantine/core');")).toEqual([1]);
  });
});
