import { describe, expect, it } from 'vitest';
import { en, type Catalogue, type MessageKey, type Plural } from './en';
import { enPages } from './en.pages';
import { english } from './english';
import { zhCN } from './zh-CN';
import { zhHK } from './zh-HK';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(english) as MessageKey[];
/** Every text of an entry: itself, or each of its plural forms. */
const textsOf = (entry: string | Plural): string[] =>
  typeof entry === 'string' ? [entry] : Object.values(entry).filter((form) => form !== undefined);

describe.each([
  ['Traditional Chinese', zhHK],
  ['Simplified Chinese', zhCN],
])('the %s catalogue', (_, catalogue: Catalogue) => {
  it('has exactly the English keys', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('translates %s, keeping its placeholders', (key) => {
    const inEnglish = placeholders(textsOf(english[key]).at(-1)!);
    const texts = textsOf(catalogue[key]);
    expect(texts.length, `${key} is empty`).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text.trim(), `${key} is empty`).toBeTruthy();
      expect(placeholders(text)).toEqual(inEnglish);
    }
  });

  it('gives a text plural forms exactly where English does', () => {
    const plural = (entries: Catalogue) => keys.filter((key) => typeof entries[key] !== 'string');
    expect(plural(catalogue)).toEqual(plural(english));
  });

  it('is not English left untranslated', () => {
    // Texts that are the same in both languages: names, formats and symbols.
    const sameInBoth = keys.filter((key) => typeof english[key] === 'string' && catalogue[key] === english[key]);
    const untranslated = sameInBoth.filter((key) => /[a-z]{3,} [a-z]{3,}/i.test(english[key] as string));
    expect(untranslated).toEqual([]);
  });
});

describe('the English texts', () => {
  it("are each in one file: the first page's (en.ts) or the later pages' (en.pages.ts)", () => {
    expect(Object.keys(enPages).filter((key) => key in en)).toEqual([]);
  });
});

describe('the Simplified Chinese catalogue', () => {
  it('is written in simplified characters', () => {
    // Characters whose traditional form the catalogues use often; none may appear in zh-CN.
    const traditional = /[們個這說國會區時間號碼設帳戶語證驗資訊載錯誤開關標籤頁選單將來為與從讓網絡電郵確認應請]/u;
    expect(keys.filter((key) => textsOf(zhCN[key]).some((text) => traditional.test(text)))).toEqual([]);
  });
});
