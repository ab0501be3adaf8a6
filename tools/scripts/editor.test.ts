// Editors: what .editorconfig tells them to write is what Prettier keeps, and the recommended
// VS Code extensions are those of the tools the project runs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSupportInfo, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

describe('editors', () => {
  it('write as Prettier formats: .editorconfig and .prettierrc.json agree for every kind of file', async () => {
    // Prettier reads .editorconfig too; with an empty config of its own, it reads only that.
    const dir = mkdtempSync(join(tmpdir(), 'portal-editor-'));
    const empty = join(dir, 'prettierrc.json');
    writeFileSync(empty, '{}');
    const defaults = Object.fromEntries((await getSupportInfo()).options.map((option) => [option.name, option.default]));
    try {
      for (const file of ['src/main.tsx', 'tools/scripts/gate.ts', 'package.json', 'openapi.yaml', 'index.html', 'src/app/global.css']) {
        const editor = await resolveConfig(file, { config: empty, editorconfig: true });
        const prettier = { ...defaults, ...(await resolveConfig(file, { editorconfig: false })) };
        const said = ['printWidth', 'tabWidth', 'useTabs', 'endOfLine'] as const;
        expect(Object.keys(editor ?? {}), file).toEqual(expect.arrayContaining([...said]));
        for (const option of said) expect(editor?.[option], `${file}: ${option}`).toBe(prettier[option]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are offered the VS Code extensions of the project’s linters, formatter and test runners', () => {
    const { recommendations } = JSON.parse(readFileSync('.vscode/extensions.json', 'utf8')) as { recommendations: string[] };
    const { devDependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> };
    const toolOf: Record<string, string> = {
      'dbaeumer.vscode-eslint': 'eslint',
      'esbenp.prettier-vscode': 'prettier',
      'vitest.explorer': 'vitest',
      'ms-playwright.playwright': '@playwright/test',
      'stoplight.spectral': '@stoplight/spectral-cli',
    };
    expect(recommendations).toEqual(expect.arrayContaining(Object.keys(toolOf)));
    for (const tool of Object.values(toolOf)) expect(devDependencies, tool).toHaveProperty([tool]);
    // VS Code reads .editorconfig only through this extension.
    expect(recommendations).toContain('editorconfig.editorconfig');
  });
});
