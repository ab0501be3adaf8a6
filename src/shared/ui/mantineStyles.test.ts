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
  // Radio.Group wraps its radios in Input.Wrapper.
  Radio: ['InlineInput', 'Input'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Alert: ['CloseButton'],
};

/** Parts (`Table.ScrollContainer`) whose sheet is not named after them (`TableScrollContainer`). */
const PART_SHEETS: Record<string, string[]> = {
  'Table.ScrollContainer': ['ScrollArea'],
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

/** The components a source file takes from '@mantine/core' (values, not types), as they are imported. */
function componentsUsed(source: string): string[] {
  return [...source.matchAll(/import \{([^}]*)\} from '@mantine\/core';/g)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

const hasSheet = (sheet: string) => existsSync(path.join(MANTINE_STYLES, `${sheet}.css`));

/** The sheets a component needs, with those of the parts the source renders (`Radio.Card`: RadioCard). */
function sheetsNeeded(component: string, source: string): string[] {
  const parts = [...source.matchAll(new RegExp(`\\b${component}\\.([A-Z]\\w*)`, 'g'))].map((match) => `${component}.${match[1]}`);
  const partSheets = parts.flatMap((part) => PART_SHEETS[part] ?? [part.replace('.', '')]);
  return [...(BUILT_ON[component] ?? []), component, ...partSheets].filter(hasSheet);
}

const sources = sourceFiles(SRC).map((file) => ({ file, source: readFileSync(file, 'utf8') }));

const read = (file: string) => readFileSync(file, 'utf8');
const firstPage = sheetsImported(read(path.join(SRC, 'shared/ui/mantineStyles.ts')));
const laterPages = sheetsImported(read(path.join(SRC, 'shared/ui/laterPageStyles.ts')));

describe("Mantine's styles", () => {
  it('reads every import of @mantine/core: plain names in braces, single quotes, no namespace import', () => {
    const unread = sources.flatMap(({ file, source }) => {
      const odd = [
        ...(/from "@mantine\/core"|import \* as \w+ from '@mantine\/core'/.test(source) ? ['an import this test cannot read'] : []),
        ...componentsUsed(source).filter((name) => !/^[A-Za-z]\w*$/.test(name)),
      ];
      return odd.map((what) => `${path.relative(ROOT, file)}: ${what}`);
    });
    expect(unread).toEqual([]);
    // The portal renders these today: a scan that finds none of them read nothing.
    const used = new Set(sources.flatMap(({ source }) => componentsUsed(source)));
    expect([...used]).toEqual(expect.arrayContaining(['Button', 'Table', 'TextInput', 'PasswordInput', 'Radio', 'NativeSelect', 'Modal']));
  });

  it('every component the portal renders has its sheet: on every page, with the file, or through laterPageStyles', () => {
    const missing: string[] = [];
    for (const { file, source } of sources) {
      const available = new Set([...firstPage, ...sheetsImported(source), ...(/^import '[^']*\/laterPageStyles';$/m.test(source) ? laterPages : [])]);
      for (const component of componentsUsed(source)) {
        for (const sheet of sheetsNeeded(component, source)) {
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
