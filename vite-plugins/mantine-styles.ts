// A Vite plugin: each module of the portal that renders Mantine's components gets their styles.
// Mantine ships one sheet per component (@mantine/core/styles/Button.css); the plugin adds, at
// the top of every module that imports components from '@mantine/core', the sheets of those
// components and of the ones they are built on, in the order of Mantine's own styles.css (so a
// component's rules override the ones it is built on: Anchor over Text). The build then places
// each sheet where its modules go: the first page's in the app's stylesheet, a later page's with
// that page's code (or a file shared by the pages that use it). No module imports a sheet of
// '@mantine/core' by hand, but for the toasts' viewport (src/shared/ui/ToastViewport.tsx), whose
// component comes from '@mantine/notifications', which this plugin does not read.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { APP_ENTRY } from './chunk-groups.ts';

/**
 * The sheets of the components a component is built on, besides its own (read from Mantine's
 * sources; the test checks them against the sources' imports for every component the portal uses).
 */
export const BUILT_ON: Record<string, string[]> = {
  Anchor: ['Text'],
  ActionIcon: ['UnstyledButton'],
  Button: ['UnstyledButton', 'Loader'],
  Card: ['Paper'],
  CloseButton: ['UnstyledButton'],
  // An input's loading state shows a Loader.
  TextInput: ['Input', 'Loader'],
  NativeSelect: ['Input', 'Combobox', 'Loader'],
  PasswordInput: ['Input', 'ActionIcon', 'UnstyledButton', 'Loader'],
  // Radio.Group wraps its radios in Input.Wrapper.
  Radio: ['InlineInput', 'Input'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton', 'UnstyledButton'],
  Alert: ['CloseButton', 'UnstyledButton'],
};

/** Parts (`Table.ScrollContainer`) whose sheet is not named after them (`TableScrollContainer`). */
const PART_SHEETS: Record<string, string[]> = {
  'Table.ScrollContainer': ['ScrollArea'],
};

/** What every page needs before any component: Mantine's reset, its CSS variables and global rules. */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const UNREADABLE_IMPORT = /import\s*\*\s*as\s+\w+\s+from\s*["']@mantine\/core["']|import\s+\w+\s*(?:,\s*\{[^}]*\})?\s+from\s*["']@mantine\/core["']/;

/** The components a module takes from '@mantine/core', by their own names (`Table` for `Table as T`). */
export function componentsUsed(source: string): string[] {
  if (UNREADABLE_IMPORT.test(source)) throw new Error("mantine-styles: import Mantine's components by name, in braces");
  return [...source.matchAll(MANTINE_IMPORT)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}

/** The sheets a module needs, by name (unordered): its components', their parts' (`Radio.Card`: RadioCard) and what they are built on. */
export function sheetsNeeded(source: string, hasSheet: (sheet: string) => boolean): Set<string> {
  const sheets = new Set<string>();
  for (const component of componentsUsed(source)) {
    const parts = [...source.matchAll(new RegExp(`\\b${component}\\.([A-Z]\\w*)`, 'g'))].map((match) => `${component}.${match[1]}`);
    const partSheets = parts.flatMap((part) => PART_SHEETS[part] ?? [part.replace('.', '')]);
    for (const sheet of [...(BUILT_ON[component] ?? []), component, ...partSheets]) if (hasSheet(sheet)) sheets.add(sheet);
  }
  return sheets;
}

/** Mantine's sheets in the order of its whole styles.css, read from the installed package. */
export function mantineOrder(stylesDir: string): (sheets: Iterable<string>) => string[] {
  const whole = readFileSync(path.join(stylesDir, '../styles.css'), 'utf8');
  const positions = new Map<string, number>();
  const position = (sheet: string) => {
    let at = positions.get(sheet);
    if (at === undefined) {
      at = whole.indexOf(
        readFileSync(path.join(stylesDir, `${sheet}.css`), 'utf8')
          .trim()
          .slice(0, 200),
      );
      if (at < 0) throw new Error(`mantine-styles: ${sheet}.css is not part of @mantine/core/styles.css`);
      positions.set(sheet, at);
    }
    return at;
  };
  return (sheets) => [...sheets].sort((a, b) => position(a) - position(b));
}

/** The plugin; `entry` is the module that starts the app, which gets the global sheets first. */
export function mantineStyles({ root = process.cwd(), entry = APP_ENTRY } = {}): Plugin {
  const src = path.resolve(root, 'src') + path.sep;
  const entryFile = path.resolve(root, entry);
  const stylesDir = path.resolve(root, 'node_modules/@mantine/core/styles');
  const hasSheet = (sheet: string) => existsSync(path.join(stylesDir, `${sheet}.css`));
  let ordered: ReturnType<typeof mantineOrder> | undefined;
  return {
    name: 'portal:mantine-styles',
    // After the router plugin has split route files: each part gets the sheets of what it renders.
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(src) || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return undefined;
      const sheets = [...(file === entryFile ? GLOBAL_SHEETS : []), ...(code.includes('@mantine/core') ? sheetsNeeded(code, hasSheet) : [])];
      if (sheets.length === 0) return undefined;
      ordered ??= mantineOrder(stylesDir);
      const globals = sheets.filter((sheet) => GLOBAL_SHEETS.includes(sheet));
      const components = ordered(sheets.filter((sheet) => !GLOBAL_SHEETS.includes(sheet)));
      // On the first line, so the module's own lines (and its source map) stay where they were.
      const imports = [...globals, ...components].map((sheet) => `import '@mantine/core/styles/${sheet}.css';`).join('');
      return { code: imports + code, map: null };
    },
  };
}
