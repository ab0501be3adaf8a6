// A Vite plugin: every module of src/ that takes components from '@mantine/core' gets, at its
// top, their sheets (@mantine/core/styles/Button.css) and those of what they are built on (read
// from Mantine's own sources, so an upgrade needs no change here), in the order of Mantine's
// styles.css, so that a component's rules override its base's (Anchor over Text). The build puts
// each sheet with the code that renders it. Only the toasts' viewport (ToastViewport.tsx) imports
// one by hand: its component is '@mantine/notifications''. Why not Mantine's whole styles.css:
// 40.7 KB gzip, five times the first page's CSS (TODAY.firstPageCss in tools/bench/check-size.ts).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { APP_ENTRY } from './chunk-groups.ts';

/** What every page needs before any component: Mantine's reset, its CSS variables and global rules. */
const GLOBAL_SHEETS = ['baseline', 'default-css-variables', 'global'];

const MANTINE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;

/**
 * The components a module takes from '@mantine/core', by their own names (`Table` for `Table as
 * T`). The lint asks for named imports (eslint.config.js), the only kind this reads.
 */
export function componentsUsed(source: string): string[] {
  return [...source.matchAll(MANTINE_IMPORT)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}

/**
 * The sheets of what a component is built on, read from Mantine's own ESM build in `esm`: every
 * file its module imports, transitively, among Mantine's components and utilities (not its core),
 * and each folder on the way that has a sheet of its name (`Button` imports
 * `../Loader/Loader.mjs`: Loader; `Radio` its parts `RadioCard/…` and `../../utils/InlineInput/…`).
 */
export function builtOnReader(esm: string, hasSheet: (sheet: string) => boolean): (component: string) => string[] {
  const known = new Map<string, string[]>();
  return (component) => {
    const cached = known.get(component);
    if (cached) return cached;
    const start = path.join(esm, 'components', component, `${component}.mjs`);
    const sheets = new Set<string>();
    const seen = new Set([start]);
    const queue = existsSync(start) ? [start] : [];
    while (queue.length) {
      const file = queue.pop()!;
      for (const [, imported] of readFileSync(file, 'utf8').matchAll(/from\s*"(\.{1,2}\/[^"]+\.mjs)"/g)) {
        const target = path.resolve(path.dirname(file), imported!);
        const [top, ...folders] = path.relative(esm, target).split(path.sep);
        if ((top !== 'components' && top !== 'utils') || seen.has(target)) continue;
        seen.add(target);
        queue.push(target);
        for (const folder of folders.slice(0, -1)) if (folder !== component && hasSheet(folder)) sheets.add(folder);
      }
    }
    known.set(component, [...sheets]);
    return [...sheets];
  };
}

/** The sheets a module needs, by name (unordered): its components' and what they are built on. */
export function sheetsNeeded(source: string, builtOn: (component: string) => string[], hasSheet: (sheet: string) => boolean): Set<string> {
  return new Set(componentsUsed(source).flatMap((component) => [...builtOn(component), component].filter(hasSheet)));
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
  const builtOn = builtOnReader(path.resolve(root, 'node_modules/@mantine/core/esm'), hasSheet);
  let ordered: ReturnType<typeof mantineOrder> | undefined;
  return {
    name: 'portal:mantine-styles',
    // After the router plugin has split route files: each part gets the sheets of what it renders.
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!file.startsWith(src) || !/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) return undefined;
      const sheets = [...(file === entryFile ? GLOBAL_SHEETS : []), ...(code.includes('@mantine/core') ? sheetsNeeded(code, builtOn, hasSheet) : [])];
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
