import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { zhHK } from './zh-HK';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(en) as MessageKey[];

describe('the Traditional Chinese catalogue', () => {
  it('has exactly the English keys', () => {
    expect(Object.keys(zhHK).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('translates %s, keeping its placeholders', (key) => {
    expect(zhHK[key]?.trim(), `${key} is empty`).toBeTruthy();
    expect(placeholders(zhHK[key])).toEqual(placeholders(en[key]));
  });

  it('is not English left untranslated', () => {
    // Texts that are the same in both languages: names, formats and symbols.
    const sameInBoth = keys.filter((key) => zhHK[key] === en[key]);
    const untranslated = sameInBoth.filter((key) => /[a-z]{3,} [a-z]{3,}/i.test(en[key]));
    expect(untranslated).toEqual([]);
  });
});
