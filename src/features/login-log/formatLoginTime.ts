import type { Language } from '../../messages/language';
import { reused } from '../../messages/reused';

/**
 * A login time. In English as the spec shows it: day/month/year (two-digit day and month),
 * 12-hour clock with AM/PM and zero-padded minutes, e.g. 09/03/2026 4:05 PM. In Chinese as
 * Hong Kong writes it, e.g. 2026年3月9日 下午4:05, or as the mainland does (zh-CN). In the
 * browser's time zone (or the one given).
 * An unreadable value is shown as it came, never as "Invalid Date".
 */
export function formatLoginTime(iso: string, timeZone?: string, language: Language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (language !== 'en') return formatter(language, timeZone).format(date);
  const parts = Object.fromEntries(
    formatter('en', timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  const dayPeriod = (parts.dayPeriod ?? '').toUpperCase();
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute} ${dayPeriod}`;
}

/** The formatter of a language and time zone, made once: a page of logins formats every row. */
function formatter(language: Language, timeZone: string | undefined): Intl.DateTimeFormat {
  return reused(`login time ${language} ${timeZone ?? ''}`, () =>
    language === 'en'
      ? new Intl.DateTimeFormat('en-GB', {
          timeZone,
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          hour12: true,
        })
      : // Spelled out: zh-CN's dateStyle 'long' comes out as 2026/3/9 in some engines.
        new Intl.DateTimeFormat(language, {
          timeZone,
          year: 'numeric',
          month: 'long',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
          hour12: true,
        }),
  );
}
