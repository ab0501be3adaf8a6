/**
 * Countries and phone numbers as the telephone network knows them (libphonenumber-js, Google's
 * libphonenumber metadata): the choices of the phone wizards, their calling codes, and the
 * number typed for a country in E.164, the spec's "plus, dial code, then number" correctly
 * formed (no trunk prefix, the country's own code). This module loads with the phone wizards,
 * never with the first page.
 */
import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

/** Default country of the phone wizards (spec section 9). */
export const DEFAULT_COUNTRY = 'US';

/** Every country and territory the metadata knows (about 250), by ISO code. */
export const COUNTRY_CODES: readonly string[] = getCountries();

export function isKnownCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** The international calling code of a country: 1 for the US, 44 for the UK, 852 for Hong Kong, 383 for Kosovo. */
export function dialCodeOf(countryCode: string): string | undefined {
  return isKnownCountry(countryCode) ? getCountryCallingCode(countryCode) : undefined;
}

/**
 * The country choices as "Name (+calling code)" in the portal's language (the browser's own
 * region names), sorted the way that language sorts; made once a language.
 */
export function countryChoices(language: string): ReadonlyArray<{ value: string; label: string }> {
  let choices = choicesByLanguage.get(language);
  if (!choices) {
    choices = makeCountryChoices(language);
    choicesByLanguage.set(language, choices);
  }
  return choices;
}

/** Made once a language: 250 names, each with its calling code, sorted (130 ms at CPU x4). */
const choicesByLanguage = new Map<string, ReadonlyArray<{ value: string; label: string }>>();

function makeCountryChoices(language: string): ReadonlyArray<{ value: string; label: string }> {
  const names = regionNames(language);
  // One collator for the whole sort: localeCompare with a language builds one per comparison,
  // about 2,000 of them here (130 ms of the wizard's first render at CPU x4).
  const { compare } = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => compare(a.name, b.name))
    .map(({ code, name }) => ({ value: code, label: `${name} (+${dialCodeOf(code)})` }));
}

/** A country's name in a language (the browser's own region names). */
export function countryName(code: string, language: string): string {
  return regionNames(language).of(code) ?? code;
}

const regionNames = (language: string) => new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });

export type PhoneCheck = { e164: string } | { error: 'required' | 'invalid' | 'landline' };

/**
 * The number typed for a country, checked as the telephone network would: blank is
 * 'required' (the spec's "This field cannot be left blank"); a number that cannot exist in
 * that country (wrong length, a prefix no number there starts with, another country's number)
 * is 'invalid'; for text messages, a landline is 'landline'; otherwise its E.164 form. A number typed with its own + and calling code is
 * read as such, and must still belong to the chosen country.
 */
export function checkPhone(countryCode: string, typed: string, { textMessages = false }: { textMessages?: boolean } = {}): PhoneCheck {
  if (typed.trim() === '') return { error: 'required' };
  if (!isKnownCountry(countryCode)) return { error: 'invalid' };
  const number = parsePhoneNumberFromString(typed, countryCode);
  if (!number?.isValid()) return { error: 'invalid' };
  // Countries that share a calling code (the US and the Dominican Republic, the UK and Jersey)
  // are told apart by the number itself.
  if (number.country !== undefined ? number.country !== countryCode : number.countryCallingCode !== getCountryCallingCode(countryCode)) {
    return { error: 'invalid' };
  }
  // A landline receives no text message; where the plan cannot tell them apart, either will do.
  if (textMessages && number.getType() === 'FIXED_LINE') return { error: 'landline' };
  return { e164: number.number };
}
