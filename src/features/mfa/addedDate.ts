import type { Factor } from '../../../generated/model';
import type { Language } from '../../messages/language';
import type { MfaRow } from './mfaRows';

/**
 * When the method of a row was added: Okta's `created` of the factor a Remove row stands for,
 * when the server says so and it is a readable date; nothing for a row to set up.
 */
export function addedOf(row: MfaRow, factors: ReadonlyArray<Factor>): string | undefined {
  const { action } = row;
  if (action.kind !== 'remove') return undefined;
  const created = factors.find((factor) => factor.id === action.factorId)?.created;
  return created && !Number.isNaN(new Date(created).getTime()) ? created : undefined;
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
