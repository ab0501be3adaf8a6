import type { Language } from '../../messages/language';
import { reused } from '../../messages/reused';

/** The calendar day of an instant in a time zone, as a count of days (for differences). */
function dayNumber(instant: Date, timeZone: string | undefined): number {
  const calendar = reused(
    `calendar day ${timeZone ?? ''}`,
    () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
  );
  const parts = calendar.formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/**
 * How long ago, in calendar days of the person's time zone, as a person says it: "today",
 * "yesterday", "3 days ago", then weeks ("2 weeks ago") from 7 days, months from 30, years
 * from 365. A time after `now` (a server's clock ahead of this one) is today.
 */
export function lastUsedAgo(iso: string, now: Date, timeZone?: string): { value: number; unit: Intl.RelativeTimeFormatUnit } | undefined {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return undefined;
  const days = Math.max(0, dayNumber(now, timeZone) - dayNumber(then, timeZone));
  if (days < 7) return { value: -days, unit: 'day' };
  if (days < 30) return { value: -Math.floor(days / 7), unit: 'week' };
  if (days < 365) return { value: -Math.floor(days / 30), unit: 'month' };
  return { value: -Math.floor(days / 365), unit: 'year' };
}

/** `lastUsedAgo` in the portal's language: "3 days ago", "today"; 3日前, 今日; 3天前, 今天. Undefined for a date it cannot read. */
export function formatLastUsed(iso: string, language: Language, now: Date, timeZone?: string): string | undefined {
  const ago = lastUsedAgo(iso, now, timeZone);
  return ago && reused(`ago ${language}`, () => new Intl.RelativeTimeFormat(language, { numeric: 'auto' })).format(ago.value, ago.unit);
}
