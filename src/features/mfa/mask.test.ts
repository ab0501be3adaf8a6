import { getCountries, getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json';
import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './mask';

describe('maskEmail', () => {
  it.each([
    ['smwong25@my.example.edu.hk', 's******5@my.example.edu.hk'],
    ['taiman.chan@example.edu.hk', 't*********n@example.edu.hk'],
    ['ab@example.com', 'ab@example.com'],
    ['a@example.com', 'a@example.com'],
    ['名字測試@example.com', '名**試@example.com'],
    ['"odd@local"@example.com', '"*********"@example.com'],
    ['not-an-email', 'not-an-email'],
    ['@example.com', '@example.com'],
  ])('%s shows as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('maskPhone', () => {
  it.each([
    // The personas' numbers, as the portal sends them (E.164).
    ['+85291234567', '+852 ****4567'],
    ['+85221234567', '+852 ****4567'],
    ['+447700900123', '+44 ******0123'],
    ['+12125550123', '+1 ******0123'],
    ['+38344123456', '+383 ****3456'],
    ['+79161234567', '+7 ******4567'],
    // Okta writes it with hyphens; people and other servers with spaces or brackets.
    ['+1-555-415-1337', '+1 ******1337'],
    ['+852 9123 4567', '+852 ****4567'],
    [' +44 (0)20 7946 0000 ', '+44 *******0000'],
    // The shortest numbers in use (Niue, four digits) have nothing left to hide.
    ['+6834002', '+683 4002'],
    // Not a number in E.164: shown as nothing rather than guessed at.
    ['', undefined],
    ['85291234567', undefined],
    ['+852', undefined],
    ['+852123', undefined],
    ['+0123456789', undefined],
    ['+1234567890123456', undefined],
    ['+852 9123 4567 ext. 12', undefined],
    ['+852<img src=x onerror=alert(1)>', undefined],
    ['tel:+85291234567', undefined],
  ])('%j shows as %j', (number, masked) => {
    expect(maskPhone(number)).toBe(masked);
  });

  // Every country's example mobile number in Google's libphonenumber metadata.
  const numbers = getCountries().flatMap((country) => getExampleNumber(country, examples) ?? []);

  it.each(numbers.map((number) => [number.country, number] as const))('finds the calling code of a number in %s', (_, number) => {
    expect(maskPhone(number.number)).toBe(
      `+${number.countryCallingCode} ${'*'.repeat(number.nationalNumber.length - 4)}${number.nationalNumber.slice(-4)}`,
    );
  });
});
