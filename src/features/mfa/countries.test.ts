import { describe, expect, it } from 'vitest';
import { checkPhone, COUNTRY_CODES, countryChoices, DEFAULT_COUNTRY, dialCodeOf } from './countries';

describe('countries', () => {
  it('knows about 250 countries and territories by ISO code, each with its calling code', () => {
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code) && /^\d{1,3}$/.test(dialCodeOf(code) ?? ''))).toBe(true);
  });

  it.each([
    ['US', '1'],
    ['GB', '44'],
    ['HK', '852'],
    ['CN', '86'],
    // Kosovo has had its own code since 2017; older lists give Monaco's +377.
    ['XK', '383'],
    // The Dominican Republic is in the North American plan: +1, whatever its area code.
    ['DO', '1'],
  ])('%s dials +%s', (code, dial) => {
    expect(dialCodeOf(code)).toBe(dial);
  });

  it('defaults to the United States', () => {
    expect(DEFAULT_COUNTRY).toBe('US');
  });
});

describe('checkPhone', () => {
  // Real numbers in each country's own national format, as people type them.
  it.each([
    ['HK', '9123 4567', '+85291234567'],
    ['HK', '2123 4567', '+85221234567'],
    ['CN', '138 0013 8000', '+8613800138000'],
    ['CN', '010 1234 5678', '+861012345678'],
    ['GB', '020 7946 0000', '+442079460000'],
    ['GB', '07400 123456', '+447400123456'],
    ['GG', '07911 123456', '+447911123456'],
    ['US', '(415) 555-0100', '+14155550100'],
    ['US', '+1 212 555 0123', '+12125550123'],
    ['XK', '044 123 456', '+38344123456'],
    ['DO', '809 555 1234', '+18095551234'],
    ['DO', '(829) 555-1234', '+18295551234'],
    ['CA', '416-555-0199', '+14165550199'],
    ['MO', '6612 3456', '+85366123456'],
    ['TW', '0912 345 678', '+886912345678'],
    ['SG', '8123 4567', '+6581234567'],
    ['JP', '090-1234-5678', '+819012345678'],
    ['AU', '0412 345 678', '+61412345678'],
    ['DE', '030 12345678', '+493012345678'],
    ['FR', '06 12 34 56 78', '+33612345678'],
    ['IN', '98765 43210', '+919876543210'],
    ['KR', '010-1234-5678', '+821012345678'],
    ['MY', '012-345 6789', '+60123456789'],
    ['PH', '0917 123 4567', '+639171234567'],
  ])('%s %s is sent as %s', (country, typed, e164) => {
    expect(checkPhone(country, typed)).toEqual({ e164 });
  });

  it.each([
    ['HK', '1234 5678', 'no Hong Kong number starts with 1'],
    ['HK', '9123 456', 'one digit short'],
    ['CN', '123 4567 8901', 'no mainland number starts with 12'],
    ['GB', '099 1234 5678', 'no UK number starts with 099'],
    ['GB', '12345', 'far too short'],
    ['US', '(123) 456-7890', 'no area code starts with 1'],
    ['DO', '212 555 1234', 'a New York number, not a Dominican one'],
    ['XK', '+377 93 15 20 00', "Monaco's code, not Kosovo's"],
    ['GB', '+852 9123 4567', "another country's number"],
    ['GB', '07911 123456', 'a Guernsey mobile: +44, but not the UK'],
    ['SG', 'call me maybe', 'not a number'],
  ])('%s %s is refused: %s', (country, typed) => {
    expect(checkPhone(country, typed)).toEqual({ error: 'invalid' });
  });

  it.each([
    ['GB', '020 7946 0000', 'landline'],
    ['HK', '2123 4567', 'landline'],
    ['GB', '07400 123456', 'mobile'],
    ['US', '(415) 555-0100', 'either: the plan cannot tell'],
  ])('for text messages, %s %s (%s)', (country, typed, kind) => {
    expect('error' in checkPhone(country, typed, { textMessages: true })).toBe(kind === 'landline');
  });

  it.each(['', '   '])('%j is required', (typed) => {
    expect(checkPhone('HK', typed)).toEqual({ error: 'required' });
  });
});

describe('countryChoices', () => {
  it('names countries in English, sorted, with their calling codes', () => {
    const choices = countryChoices('en');
    expect(choices.find((c) => c.value === 'HK')?.label).toBe('Hong Kong SAR China (+852)');
    expect(choices.find((c) => c.value === 'XK')?.label).toBe('Kosovo (+383)');
    expect(choices[0]!.label.localeCompare(choices[1]!.label, 'en')).toBeLessThan(0);
  });

  it('names them in Traditional Chinese for zh-HK, keeping every country and calling code', () => {
    const choices = countryChoices('zh-HK');
    expect(choices.find((c) => c.value === 'HK')?.label).toBe('中國香港特別行政區 (+852)');
    expect(choices.find((c) => c.value === 'GB')?.label).toBe('英國 (+44)');
    expect(choices).toHaveLength(countryChoices('en').length);
  });
});
