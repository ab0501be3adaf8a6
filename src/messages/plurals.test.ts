import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, setLanguage } from './i18n';
import type { Language } from './language';
import { t, type MessageKey } from './pageTexts';

/**
 * Every text about a number, in each language, for numbers that need different forms in
 * English (1 and the rest) and none in Chinese, where the number is written the same way.
 */
const TABLE: Array<[Language, MessageKey, number, string]> = [
  ['en', 'overview.methods', 1, '1 multi-factor sign-in method is set up'],
  ['en', 'overview.methods', 2, '2 multi-factor sign-in methods are set up'],
  ['en', 'overview.methods', 8, '8 multi-factor sign-in methods are set up'],
  ['en', 'loginLog.count', 1, '1 login shown'],
  ['en', 'loginLog.count', 0, '0 logins shown'],
  ['en', 'loginLog.count', 45, '45 logins shown'],
  ['en', 'loginLog.exportDone', 1, 'Downloaded 1 login.'],
  ['en', 'loginLog.exportDone', 21, 'Downloaded 21 logins.'],
  ['zh-HK', 'overview.methods', 1, '已設定 1 種多重身份驗證登入方式'],
  ['zh-HK', 'overview.methods', 8, '已設定 8 種多重身份驗證登入方式'],
  ['zh-HK', 'loginLog.count', 1, '已顯示 1 項登入記錄'],
  ['zh-HK', 'loginLog.count', 45, '已顯示 45 項登入記錄'],
  ['zh-HK', 'loginLog.exportDone', 1, '已下載 1 項登入記錄。'],
  ['zh-HK', 'loginLog.exportDone', 21, '已下載 21 項登入記錄。'],
  ['zh-CN', 'overview.methods', 1, '已设置 1 种多重身份验证登录方式'],
  ['zh-CN', 'overview.methods', 8, '已设置 8 种多重身份验证登录方式'],
  ['zh-CN', 'loginLog.count', 1, '已显示 1 条登录记录'],
  ['zh-CN', 'loginLog.count', 45, '已显示 45 条登录记录'],
  ['zh-CN', 'loginLog.exportDone', 1, '已下载 1 条登录记录。'],
  ['zh-CN', 'loginLog.exportDone', 21, '已下载 21 条登录记录。'],
];

afterEach(() => setLanguage('en'));

describe('texts about a number', () => {
  it.each(TABLE)('%s: %s for %d reads "%s"', async (language, key, count, text) => {
    // Mounting the texts fetches the language's catalogue.
    const stop = messages.listen(() => undefined);
    setLanguage(language);
    await vi.waitFor(() => expect(t(key, { count })).toBe(text));
    stop();
  });
});
