import { useSyncExternalStore } from 'react';
import { en, type MessageKey } from './en';
import { locale, messages } from './i18n';
import type { Language } from './language';

export type { MessageKey };

/**
 * A text to show: the catalogue's, by key (so it follows a language switch), or one given as it
 * is (a server's or a library's words).
 */
export type Wording = { key: MessageKey } | { text: string };

/** What a wording says, through the calling component's `t` (from useT). */
export function textOf(wording: Wording, translate: (key: MessageKey) => string): string {
  return 'key' in wording ? translate(wording.key) : wording.text;
}

/**
 * Looks a text up by key in the current language and fills its {placeholders}. A text with
 * plural forms (en.ts) takes its number as `count`, and shows the form that number needs.
 */
export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const found = (messages.get() as Record<MessageKey, string | ((count: number) => string)>)[key];
  const text = typeof found === 'function' ? found(Number(vars?.count)) : found || (en[key] as string);
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * The current language, re-rendering the calling component when it or its texts change. For
 * components that need the language itself (dates, country names, the switch); texts use `useT`.
 */
export function useLanguage(): Language {
  // The texts change after the language (a catalogue may still be loading): follow both.
  useSyncExternalStore(messages.subscribe, messages.get);
  return useSyncExternalStore(locale.subscribe, locale.get) as Language;
}

/**
 * `t` for a component: the component re-renders when the language or its texts change, so
 * nothing it shows stays in the previous language. Code outside React uses `t` itself.
 */
export function useT(): typeof t {
  useLanguage();
  return t;
}
