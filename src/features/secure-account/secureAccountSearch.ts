/** The login that prompted the guide, as its link names it. */
export interface NamedLogin {
  time: string;
  browser: string;
  place: string;
}

/** An ISO 8601 date-time as the login log sends it: date, time, and Z or an offset. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/**
 * A browser's name and version, or a district: letters of any script, digits, spaces and the
 * punctuation such names carry. Nothing that makes a link, an address or a phone number.
 */
const NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'()/_:;+&-]*$/u;
const MAX_NAME_LENGTH = 60;
const LOOKS_LIKE_A_LINK = /:\/\/|www\.|\.(?:com|net|org|io|hk|cn)\b/i;
const LONG_NUMBER = /\d{6,}/;

function isName(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= MAX_NAME_LENGTH && NAME.test(value) && !LOOKS_LIKE_A_LINK.test(value) && !LONG_NUMBER.test(value)
  );
}

function isTime(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && ISO_DATE_TIME.test(value) && !Number.isNaN(new Date(value).getTime());
}

/**
 * The guide's search parameters. Anyone can send a link to the guide, so every value is
 * crafted input: the login is named only when all three values look exactly like what the
 * login log sends (a date-time, a short name each, nothing like a link or a phone number to
 * call); otherwise the guide names none, rather than repeating words chosen by a stranger.
 */
export function parseSecureAccountSearch(search: Record<string, unknown>): Partial<NamedLogin> {
  const { time, browser, place } = search;
  if (isTime(time) && isName(browser) && isName(place)) return { time, browser, place };
  // Said as undefined, not left out: the router lays the validated search over the raw one,
  // so a key left out would keep its crafted value.
  return { time: undefined, browser: undefined, place: undefined };
}

/**
 * The named login, when the search carries a valid one. Checked again here, whatever the
 * router handed over: the page never shows a value that has not passed the check.
 */
export function namedLogin(search: Record<string, unknown>): NamedLogin | undefined {
  const { time, browser, place } = parseSecureAccountSearch(search);
  return time && browser && place ? { time, browser, place } : undefined;
}
