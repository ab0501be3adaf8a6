// The project's own ESLint configuration (eslint.config.js), on the files it would meet.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The lines of `code`'s problems of `rule`, linted as if it were the file `filePath`. */
async function problems(code: string, filePath: string, rule = 'no-restricted-syntax'): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.line);
}

describe("Mantine's components are imported by name, where they are used", () => {
  it('accepts named imports, aliased or not', async () => {
    expect(await problems("import { Button, Table as T } from '@mantine/core';\nexport { Button, T };", 'src/shared/ui/X.tsx')).toEqual([]);
    expect(
      await problems("import { Button } from '@mantine/hooks';\nimport * as H from '@mantine/hooks';\nexport { Button, H };", 'src/shared/ui/X.tsx'),
    ).toEqual([]);
  });

  it.each([
    "import * as M from '@mantine/core';",
    "import M from '@mantine/core';",
    "import M, { Button } from '@mantine/core';",
    "export * from '@mantine/core';",
    "export { Button } from '@mantine/core';",
    "export { Button as B } from '@mantine/core';",
    "const m = import('@mantine/core');",
  ])('refuses %s', async (code) => {
    expect(await problems(code, 'src/shared/ui/X.tsx')).toEqual([1]);
  });
});

describe('a test that mocks a module has a worker of its own', () => {
  const mocking = "import { vi } from 'vitest';\nvi.mock('./x');\nvi.doMock('./y');";

  it('refuses vi.mock and vi.doMock in a test that shares its worker', async () => {
    expect(await problems(mocking, 'src/features/mfa/X.test.tsx')).toEqual([2, 3]);
  });

  it('accepts them in an *.isolated test, and accepts spies anywhere', async () => {
    expect(await problems(mocking, 'src/features/mfa/X.isolated.test.tsx')).toEqual([]);
    expect(await problems("import { vi } from 'vitest';\nvi.spyOn(console, 'warn');", 'src/features/mfa/X.test.tsx')).toEqual([]);
  });
});
