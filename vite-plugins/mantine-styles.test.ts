import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_ON, componentsUsed, mantineOrder, mantineStyles, sheetsNeeded } from './mantine-styles.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles');
const hasSheet = (sheet: string) => readdirSync(STYLES).includes(`${sheet}.css`);
const ordered = mantineOrder(STYLES);

/** The plugin's transform of a module at `file` (relative to the checkout). */
function transform(code: string, file: string): string {
  const plugin = mantineStyles({ root: ROOT, entry: 'src/main.tsx' });
  const hook = plugin.transform as (code: string, id: string) => { code: string } | undefined;
  return hook.call({}, code, path.join(ROOT, file))?.code ?? code;
}

const sheetImports = (code: string) => [...code.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((match) => match[1]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('mantine-styles', () => {
  it('reads the components a module imports: by name, aliased, not the types', () => {
    expect(componentsUsed(`import { Button, Table as T, type MantineColor, Radio } from '@mantine/core';`)).toEqual(['Button', 'Table', 'Radio']);
    expect(componentsUsed(`import {\n  Stack,\n  Text,\n} from "@mantine/core";`)).toEqual(['Stack', 'Text']);
    expect(() => componentsUsed(`import * as M from '@mantine/core';`)).toThrow(/by name/);
  });

  it('reads every import of @mantine/core in the portal, and finds what the pages render', () => {
    const used = new Set(sourceFiles(path.join(ROOT, 'src')).flatMap((file) => componentsUsed(readFileSync(file, 'utf8'))));
    expect([...used]).toEqual(expect.arrayContaining(['Button', 'Table', 'TextInput', 'PasswordInput', 'Radio', 'NativeSelect', 'CloseButton']));
  });

  it("knows what each component the portal renders is built on, as Mantine's own sources import it", () => {
    const components = path.join(ROOT, 'node_modules/@mantine/core/esm/components');
    /** The components a component's module imports (`../Paper/Paper.mjs`), and theirs. */
    const builtOn = (component: string, found = new Set<string>()): Set<string> => {
      const file = path.join(components, component, `${component}.mjs`);
      if (!existsSync(file)) return found;
      for (const [, base] of readFileSync(file, 'utf8').matchAll(/from "\.\.\/([A-Z]\w*)\/\1\.mjs"/g)) {
        if (!found.has(base!)) builtOn(base!, found.add(base!));
      }
      return found;
    };
    const used = new Set(sourceFiles(path.join(ROOT, 'src')).flatMap((file) => componentsUsed(readFileSync(file, 'utf8'))));
    expect(builtOn('Card')).toContain('Paper');
    for (const component of used) {
      const missing = [...builtOn(component)].filter((base) => hasSheet(base) && !(BUILT_ON[component] ?? []).includes(base));
      expect([component, missing]).toEqual([component, []]);
    }
  });

  it('a module gets the sheets of its components, of their parts and of what they are built on', () => {
    const source = `import { PasswordInput, Radio, Table } from '@mantine/core';\n<Radio.Card /><Table.ScrollContainer /><Table.Tr />`;
    expect([...sheetsNeeded(source, hasSheet)].sort()).toEqual(
      ['ActionIcon', 'InlineInput', 'Input', 'Loader', 'PasswordInput', 'Radio', 'RadioCard', 'ScrollArea', 'Table', 'UnstyledButton'].sort(),
    );
  });

  it("keeps Mantine's order, so a component's rules come after the ones it is built on", () => {
    for (const [component, bases] of Object.entries(BUILT_ON).filter(([component]) => hasSheet(component))) {
      const order = ordered([component, ...bases].filter(hasSheet));
      expect([component, order.at(-1)]).toEqual([component, component]);
    }
    expect(ordered(['Anchor', 'Text'])).toEqual(['Text', 'Anchor']);
  });

  it("adds the sheets at the top of a portal module, in order, the app's global ones first in its entry", () => {
    const page = `import { Anchor, Text } from '@mantine/core';\nimport classes from './Page.module.css';\nexport const x = 1;`;
    const out = transform(page, 'src/features/x/Page.tsx');
    expect(sheetImports(out)).toEqual(['Text', 'Anchor']);
    // On the first line: the module's own lines stay where they were, its own sheet after Mantine's.
    expect(out.split('\n').slice(1)).toEqual(page.split('\n').slice(1));
    expect(sheetImports(transform(`import { Button } from '@mantine/core';`, 'src/main.tsx'))).toEqual([
      'baseline',
      'default-css-variables',
      'global',
      'UnstyledButton',
      'Loader',
      'Button',
    ]);
    // A route's split part, by its query.
    expect(sheetImports(transform(`import { Table } from '@mantine/core';`, 'src/routes/x.tsx?tsr-split=component'))).toEqual(['Table']);
  });

  it('leaves alone what is not the portal’s own code', () => {
    const source = `import { Button } from '@mantine/core';`;
    for (const file of ['src/features/x/Page.test.tsx', 'node_modules/x/index.ts', 'mock/x.ts', 'src/shared/x.css']) {
      expect([file, transform(source, file)]).toEqual([file, source]);
    }
  });
});
