/**
 * Addresses and numbers as the portal shows them once a code has gone there, or beside the
 * method they belong to: enough for a person to recognise their own, an asterisk for each
 * character hidden.
 */
const hidden = (count: number) => '*'.repeat(count);

/**
 * An address as the email wizard shows it: the first and last character of the local part,
 * asterisks between, then the domain (spec section 2). A one-character local part stays as is.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = [...email.slice(0, at)];
  const domain = email.slice(at);
  if (local.length <= 2) return `${local.join('')}${domain}`;
  return `${local[0]}${hidden(local.length - 2)}${local[local.length - 1]}${domain}`;
}

/**
 * The country calling codes of two digits (ITU-T E.164). Codes never begin with one another, 1
 * and 7 are the only codes of one digit, and every code not listed here has three.
 * libphonenumber-js knows them too, but with its numbering metadata (about 48 KB, see
 * docs/performance.md, "Deliberate splits"), which only the phone wizard loads; the MFA list and
 * the guide mask numbers without it.
 */
const TWO_DIGIT_CALLING_CODES = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49', '51', '52', '53', '54',
  '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]); // prettier-ignore

/** E.164 allows at most 15 digits, the calling code included. */
const MAX_DIGITS = 15;
const SHOWN_DIGITS = 4;

/**
 * A phone number as the phone wizards and the MFA list show it: the country calling code and
 * the last four digits, an asterisk for each digit between (+852 ****4567). The number is read
 * in E.164, with or without separators (+85291234567, Okta's +1-555-415-1337); anything else,
 * or too few digits to be a number, is not shown (undefined).
 */
export function maskPhone(number: string): string | undefined {
  const written = number.trim();
  if (!/^\+[\d\s().-]+$/.test(written)) return undefined;
  const digits = written.replace(/\D/g, '');
  if (digits.length > MAX_DIGITS || digits.startsWith('0')) return undefined;
  const codeLength = '17'.includes(digits[0]!) ? 1 : TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
  const national = digits.slice(codeLength);
  if (national.length < SHOWN_DIGITS) return undefined;
  return `+${digits.slice(0, codeLength)} ${hidden(national.length - SHOWN_DIGITS)}${national.slice(-SHOWN_DIGITS)}`;
}
