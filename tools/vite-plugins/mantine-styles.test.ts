import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtOnReader, componentsUsed, mantineOrder, mantineStyles, sheetsNeeded } from './mantine-styles.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles');
const hasSheet = (sheet: string) => readdirSync(STYLES).includes(`${sheet}.css`);
const ordered = mantineOrder(STYLES);
const builtOn = builtOnReader(path.join(ROOT, 'node_modules/@mantine/core/esm'), hasSheet);

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
  });

  it('reads every import of @mantine/core in the portal, and finds what the pages render', () => {
    const used = new Set(sourceFiles(path.join(ROOT, 'src')).flatMap((file) => componentsUsed(readFileSync(file, 'utf8'))));
    expect([...used]).toEqual(expect.arrayContaining(['Button', 'Table', 'TextInput', 'PasswordInput', 'Radio', 'NativeSelect', 'CloseButton']));
  });

  it("reads what a component is built on from Mantine's own sources", () => {
    expect(builtOn('Anchor')).toEqual(['Text']);
    expect(builtOn('Card')).toEqual(['Paper']);
    expect(builtOn('Button').sort()).toEqual(['Loader', 'UnstyledButton']);
    // Its parts, and a utility outside the components.
    expect(builtOn('Radio')).toEqual(expect.arrayContaining(['RadioCard', 'InlineInput', 'Input']));
    expect(builtOn('Table')).toContain('ScrollArea');
    expect(builtOn('Paper')).toEqual([]);
    expect(builtOn('NoSuchComponent')).toEqual([]);
  });

  it('a module gets the sheets of its components and of what they are built on', () => {
    const source = `import { Card, Anchor, Group } from '@mantine/core';\n<Card><Anchor /></Card>`;
    expect([...sheetsNeeded(source, builtOn, hasSheet)].sort()).toEqual(['Anchor', 'Card', 'Group', 'Paper', 'Text']);
  });

  it("keeps Mantine's order, so a component's rules come after the ones it is built on", () => {
    const used = new Set(sourceFiles(path.join(ROOT, 'src')).flatMap((file) => componentsUsed(readFileSync(file, 'utf8'))));
    for (const component of [...used].filter(hasSheet)) {
      const order = ordered([component, ...builtOn(component)]);
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
    expect(sheetImports(transform(`import { Table } from '@mantine/core';`, 'src/routes/x.tsx?tsr-split=component'))).toEqual([
      'ScrollArea',
      'Table',
    ]);
  });

  it('leaves alone what is not the portal’s own code', () => {
    const source = `import { Button } from '@mantine/core';`;
    for (const file of ['src/features/x/Page.test.tsx', 'node_modules/x/index.ts', 'mock/x.ts', 'src/shared/x.css']) {
      expect([file, transform(source, file)]).toEqual([file, source]);
    }
  });
});
