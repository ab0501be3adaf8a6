import { useSyncExternalStore } from 'react';
import { en, type FrameKey, type MessageKey, type Plural } from './en';
import { locale, messages } from './i18n';
import type { Language } from './language';
import { reused } from './reused';

export type { FrameKey, MessageKey };

/**
 * A text to show: the catalogue's, by key (so it follows a language switch), or one given as it
 * is (a server's or a library's words).
 */
export type Wording<Key extends MessageKey = MessageKey> = { key: Key } | { text: string };

/** What a wording says, through the calling component's `t` (from useT). */
export function textOf<Key extends MessageKey>(wording: Wording<Key>, translate: (key: Key) => string): string {
  return 'key' in wording ? translate(wording.key) : wording.text;
}

/** English, the base language: en.ts's texts from the start, en.pages.ts's once ./pageTexts is loaded. */
const english: Partial<Record<MessageKey, string | Plural>> = { ...en };

/** Adds the English of the later pages (./pageTexts does, as their code arrives). */
export function addEnglish(texts: Partial<Record<MessageKey, string | Plural>>) {
  Object.assign(english, texts);
}

/** The form of a text that its number needs, in the current language's plural rules. */
function formFor(text: string | Plural, count: number): string {
  if (typeof text === 'string') return text;
  const language = locale.get();
  return text[reused(`plural ${language}`, () => new Intl.PluralRules(language)).select(count)] ?? text.other;
}

/**
 * Looks a text up by key in the current language and fills its {placeholders}. A text with
 * plural forms takes its number as `count`, and shows the form that number needs. A key whose
 * text is not here (a later page's, before its code arrived) shows as itself: ./pageTexts and
 * the types keep that from happening.
 */
export function translate(key: MessageKey, vars?: Record<string, string | number>): string {
  const found = (messages.get() as Partial<Record<MessageKey, string | Plural>>)[key] ?? english[key];
  if (found === undefined) return key;
  const text = formFor(found, Number(vars?.count));
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** `translate` for the frame and the first page: their texts are en.ts's (FrameKey). */
export const t: (key: FrameKey, vars?: Record<string, string | number>) => string = translate;

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
