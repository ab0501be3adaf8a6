// Mantine's styles are imported per component (mantineStyles.ts for the first page,
// laterPageStyles.ts for the pages after it): a component rendered without its sheet would look
// broken with nothing to say so. These checks read the sources.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SRC = path.join(ROOT, 'src');
const MANTINE_STYLES = path.join(ROOT, 'node_modules/@mantine/core/styles');

/** The sheets of the components a component is built on, besides its own. */
const BUILT_ON: Record<string, string[]> = {
  TextInput: ['Input'],
  NativeSelect: ['Input', 'Combobox'],
  PasswordInput: ['Input', 'ActionIcon'],
  Radio: ['InlineInput'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Alert: ['CloseButton'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The Mantine sheets a source file imports itself, by name ('Input' for '@mantine/core/styles/Input.css'). */
function sheetsImported(source: string): string[] {
  return [...source.matchAll(/^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm)].map((match) => match[1]!);
}

/** The components a source file takes from '@mantine/core' (values, not types). */
function componentsUsed(source: string): string[] {
  return [...source.matchAll(/import \{([^}]*)\} from '@mantine\/core';/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

/** The sheets a component needs that exist as files (hooks, providers and the like have none). */
function sheetsNeeded(component: string): string[] {
  return [...(BUILT_ON[component] ?? []), component].filter((sheet) => existsSync(path.join(MANTINE_STYLES, `${sheet}.css`)));
}

const read = (file: string) => readFileSync(file, 'utf8');
const firstPage = sheetsImported(read(path.join(SRC, 'shared/ui/mantineStyles.ts')));
const laterPages = sheetsImported(read(path.join(SRC, 'shared/ui/laterPageStyles.ts')));

describe("Mantine's styles", () => {
  it('every component the portal renders has its sheet: on every page, with the file, or through laterPageStyles', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const source = read(file);
      const available = new Set([...firstPage, ...sheetsImported(source), ...(/^import '[^']*\/laterPageStyles';$/m.test(source) ? laterPages : [])]);
      for (const component of componentsUsed(source)) {
        for (const sheet of sheetsNeeded(component)) {
          if (!available.has(sheet)) missing.push(`${path.relative(ROOT, file)}: ${component} needs ${sheet}.css`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the first page loads no sheet twice, and none that the later pages bring', () => {
    expect(new Set(firstPage).size).toBe(firstPage.length);
    expect(laterPages.filter((sheet) => firstPage.includes(sheet))).toEqual([]);
  });

  it("each list keeps the order of Mantine's own styles.css, so a component's rules override the ones it is built on", () => {
    const whole = read(path.join(ROOT, 'node_modules/@mantine/core/styles.css'));
    const position = (sheet: string) => {
      const at = whole.indexOf(
        read(path.join(MANTINE_STYLES, `${sheet}.css`))
          .trim()
          .slice(0, 200),
      );
      expect(at, `${sheet}.css is not part of styles.css`).toBeGreaterThanOrEqual(0);
      return at;
    };
    for (const list of [firstPage, laterPages]) {
      const positions = list.map(position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });
});
