import { createI18n, localeFrom, type ComponentsJSON, type Translations } from '@nanostores/i18n';
import { atom } from 'nanostores';
import { en } from './en';
import { LANGUAGE_STORAGE_KEY } from '../shared/storage/storageKeys';
import { browserLanguage, isLanguage, storedLanguage, type Language } from './language';

/** The language the user chose with the switch, if any. */
const chosen = atom<Language | undefined>(storedLanguage());
/** The browser's preference, when nothing was chosen. */
const fromBrowser = atom<Language>(browserLanguage());

/** English for this page load when a catalogue could not be fetched (lang and dates follow). */
const unavailable = atom<Language | undefined>(undefined);

/** The language the portal speaks now. */
export const locale = localeFrom(unavailable, chosen, fromBrowser);

/**
 * @nanostores/i18n holds the catalogues: English is built in; each Chinese one is fetched the
 * first time it is needed (docs/performance.md, "Deliberate splits"). A catalogue that fails to
 * load leaves the English texts.
 */
const CATALOGUES: Record<Exclude<Language, 'en'>, () => Promise<ComponentsJSON[string]>> = {
  'zh-HK': async () => (await import('./zh-HK')).zhHK,
  'zh-CN': async () => (await import('./zh-CN')).zhCN,
};

export const i18n = createI18n(locale, {
  baseLocale: 'en',
  async get(code): Promise<ComponentsJSON> {
    if (!isLanguage(code) || code === 'en') return {};
    try {
      return { portal: await CATALOGUES[code]() };
    } catch {
      // Offline, or a stale tab after a new release: go on in English rather than hang.
      unavailable.set('en');
      return { portal: {} };
    }
  },
});

/**
 * The texts of the current language: a Chinese catalogue's every text once it is in; in English,
 * en.ts's (the other pages' English arrives with their code: ./pageTexts). `t` reads them.
 */
// Plural forms stay objects here (the library types only plain texts and functions): `t` picks the form.
export const messages = i18n('portal', en as unknown as Translations);

export function setLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private browsing without storage: the choice lasts for this page only
  }
  chosen.set(language);
}

const TRANSLATIONS_WAIT_MS = 5000;

/** Resolves once the current language's texts are in, so the first render is not English. */
export function translationsReady(): Promise<void> {
  // Listening mounts the messages store, which starts fetching the catalogue it lacks.
  messages.listen(() => undefined);
  return new Promise((resolve) => {
    // Never keep the portal from starting: after a few seconds it starts in what it has.
    setTimeout(resolve, TRANSLATIONS_WAIT_MS);
    if (!i18n.loading.get()) return resolve();
    const stop = i18n.loading.listen((loading) => {
      if (loading) return;
      stop();
      resolve();
    });
  });
}

// Screen readers and the browser's own features (hyphenation, fonts) follow the page's lang.
if (typeof document !== 'undefined') locale.subscribe((language) => (document.documentElement.lang = language));
