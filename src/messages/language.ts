import { LANGUAGE_STORAGE_KEY } from '../shared/storage/storageKeys';

/** The portal's languages: English, Traditional Chinese as written in Hong Kong, and Simplified Chinese. */
export const LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-HK': '繁體中文', 'zh-CN': '简体中文' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of the browser's preferred languages the portal speaks: Chinese written in
 * traditional characters (zh-HK, zh-MO, zh-TW, zh-Hant, or plain zh, as Hong Kong's browsers
 * often say) reads zh-HK; in simplified characters (zh-CN, zh-SG, zh-Hans) reads zh-CN; any
 * English reads en; nothing matching falls back to English.
 */
export function languageFromBrowser(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-hant') || /^zh-(hk|mo|tw)\b/.test(lower)) return 'zh-HK';
    if (lower.startsWith('zh-hans') || /^zh-(cn|sg|my)\b/.test(lower)) return 'zh-CN';
    if (lower === 'en' || lower.startsWith('en-')) return 'en';
  }
  return 'en';
}

/** The language the user chose with the switch (kept in local storage), if any. */
export function storedLanguage(): Language | undefined {
  try {
    // Reading local storage throws where the browser blocks site data.
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The first of the browser's preferred languages the portal speaks (see languageFromBrowser). */
export function browserLanguage(): Language {
  return languageFromBrowser(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** The language a page starts in: the one chosen with the switch, else the browser's. */
export function startingLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}
