import type { Language } from '../../messages/language';

/** A date the server gave, when it is one (Okta's `created`, `lastChallenged`); undefined otherwise. */
export function readableDate(iso: string | undefined): string | undefined {
  return iso && !Number.isNaN(new Date(iso).getTime()) ? iso : undefined;
}

/**
 * The day a method was added, as the portal's language writes a date: 2 September 2024 in
 * English, 2024年9月2日 in Chinese. In the browser's time zone (or the one given).
 */
export function formatAddedDate(iso: string, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(iso),
  );
}
