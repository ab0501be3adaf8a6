import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en';
import { zhCN } from './zh-CN';
import { zhHK } from './zh-HK';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(en) as MessageKey[];

describe.each([
  ['Traditional Chinese', zhHK],
  ['Simplified Chinese', zhCN],
])('the %s catalogue', (_, catalogue: Record<MessageKey, string>) => {
  it('has exactly the English keys', () => {
    expect(Object.keys(catalogue).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('translates %s, keeping its placeholders', (key) => {
    expect(catalogue[key]?.trim(), `${key} is empty`).toBeTruthy();
    expect(placeholders(catalogue[key])).toEqual(placeholders(en[key]));
  });

  it('is not English left untranslated', () => {
    // Texts that are the same in both languages: names, formats and symbols.
    const sameInBoth = keys.filter((key) => catalogue[key] === en[key]);
    const untranslated = sameInBoth.filter((key) => /[a-z]{3,} [a-z]{3,}/i.test(en[key]));
    expect(untranslated).toEqual([]);
  });
});

describe('the Simplified Chinese catalogue', () => {
  it('is written in simplified characters', () => {
    // Characters whose traditional form the catalogues use often; none may appear in zh-CN.
    const traditional = /[們個這說國會區時間號碼設帳戶語證驗資訊載錯誤開關標籤頁選單將來為與從讓網絡電郵確認應請]/u;
    expect(keys.filter((key) => traditional.test(zhCN[key]))).toEqual([]);
  });
});
