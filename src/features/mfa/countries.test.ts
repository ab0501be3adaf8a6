import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, countryChoices, DEFAULT_COUNTRY, dialCodeOf, internationalNumber } from './countries';

describe('countries', () => {
  it('has about 250 entries with ISO codes, names and dial codes', () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThan(240);
    expect(COUNTRY_OPTIONS.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name && /^\d+$/.test(c.dialCode))).toBe(true);
  });

  it.each([
    ['US', '1'],
    ['GB', '44'],
    ['HK', '852'],
  ])('%s dials %s', (code, dial) => {
    expect(dialCodeOf(code)).toBe(dial);
  });

  it('defaults to the United States', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
  });

  it.each([
    ['HK', '9123 4567', '+85291234567'],
    ['US', '(415) 555-0100', '+14155550100'],
    ['GB', '020 7946 0000', '+4402079460000'],
  ])('%s %s is sent as %s', (code, number, expected) => {
    expect(internationalNumber(code, number)).toBe(expected);
  });
});

describe('countryChoices', () => {
  it('names countries in English, sorted, with their dial codes', () => {
    const choices = countryChoices('en');
    expect(choices.find((c) => c.value === 'HK')?.label).toBe('Hong Kong (+852)');
    expect(choices[0]!.label.localeCompare(choices[1]!.label, 'en')).toBeLessThan(0);
  });

  it('names them in Traditional Chinese for zh-HK, keeping every country and dial code', () => {
    const choices = countryChoices('zh-HK');
    expect(choices.find((c) => c.value === 'HK')?.label).toBe('中國香港特別行政區 (+852)');
    expect(choices.find((c) => c.value === 'GB')?.label).toBe('英國 (+44)');
    expect(choices).toHaveLength(countryChoices('en').length);
  });
});
