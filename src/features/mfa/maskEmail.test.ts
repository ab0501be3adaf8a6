import { describe, expect, it } from 'vitest';
import { maskEmail } from './maskEmail';

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
