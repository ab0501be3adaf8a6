import { countries } from 'countries-list';

/** Default country of the phone wizards (spec section 9). */
export const DEFAULT_COUNTRY = 'US';

export interface CountryOption {
  code: string;
  name: string;
  dialCode: string;
}

/** About 250 countries and territories with their international dial codes, by name. */
export const COUNTRY_OPTIONS: CountryOption[] = Object.entries(countries)
  .filter(([, country]) => country.phone.length > 0)
  .map(([code, country]) => ({ code, name: country.name, dialCode: String(country.phone[0]) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

/**
 * The country choices as "Name (+dial code)" in the portal's language: English names from the
 * list, other languages from the browser's own region names (Intl.DisplayNames), sorted the
 * way that language sorts.
 */
export function countryChoices(language: string): Array<{ value: string; label: string }> {
  const names = language === 'en' ? undefined : new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  return COUNTRY_OPTIONS.map((option) => ({ option, name: names?.of(option.code) ?? option.name }))
    .sort((a, b) => a.name.localeCompare(b.name, language))
    .map(({ option, name }) => ({ value: option.code, label: `${name} (+${option.dialCode})` }));
}

const BY_CODE = new Map(COUNTRY_OPTIONS.map((option) => [option.code, option]));

export function dialCodeOf(countryCode: string): string | undefined {
  return BY_CODE.get(countryCode)?.dialCode;
}

/** The phone as the server wants it: plus, dial code, then the number's digits. */
export function internationalNumber(countryCode: string, number: string): string {
  return `+${dialCodeOf(countryCode) ?? ''}${number.replace(/\D/g, '')}`;
}
