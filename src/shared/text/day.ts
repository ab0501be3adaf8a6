import type { Language } from '../../messages/language';
import { reused } from '../../messages/reused';

/** A date the server gave, when it is one (Okta's `created`, `lastChallenged`, an app's grant); undefined otherwise. */
export function readableDate(iso: string | undefined): string | undefined {
  return iso && !Number.isNaN(new Date(iso).getTime()) ? iso : undefined;
}

/**
 * A day as the portal's language writes one (a method added, an app's access given): 2 September
 * 2024 in English, 2024年9月2日 in Chinese. In the browser's time zone (or the one given).
 */
export function formatDay(iso: string, language: Language, timeZone?: string): string {
  const format = reused(
    `day ${language} ${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language, { timeZone, year: 'numeric', month: 'long', day: 'numeric' }),
  );
  return format.format(new Date(iso));
}
