import { describe, expect, it } from 'vitest';
import { isLanguage, languageFromBrowser } from './language';

describe('languageFromBrowser', () => {
  it.each([
    [['zh-HK'], 'zh-HK'],
    [['zh-hk', 'en'], 'zh-HK'],
    [['zh-TW'], 'zh-HK'],
    [['zh-MO'], 'zh-HK'],
    [['zh-Hant-HK'], 'zh-HK'],
    [['zh'], 'zh-HK'],
    [['en-GB', 'zh-HK'], 'en'],
    [['en-US'], 'en'],
    [['zh-CN', 'en'], 'zh-CN'],
    [['zh-Hans', 'zh-HK'], 'zh-CN'],
    [['zh-Hans-CN'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['fr-FR', 'zh-CN', 'en'], 'zh-CN'],
    [['fr-FR', 'de'], 'en'],
    [[], 'en'],
  ])('%j reads %s', (preferred, expected) => {
    expect(languageFromBrowser(preferred)).toBe(expected);
  });
});

describe('isLanguage', () => {
  it('accepts only the portal languages', () => {
    expect(isLanguage('zh-HK')).toBe(true);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('zh-CN')).toBe(true);
    expect(isLanguage('zh-TW')).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});
