/**
 * How a name or email from another party's token is made fit to show a person who must judge
 * it: every character that does not show (Unicode Default_Ignorable_Code_Point: zero-width
 * characters, soft hyphens, Hangul fillers, the deprecated format characters U+206A to U+206F;
 * every other format character, Cf; the blank Braille pattern U+2800, which shows as a space
 * but is none), every direction control (Bidi_Control), every control character (Cc), private
 * use character (Co, which shows as whatever a font puts there) and lone surrogate (Cs) goes;
 * then runs of white space become one space (after the invisible characters have gone, so
 * none is left between two spaces); at most two combining marks stay on one letter; and the
 * length is capped. White space that is also a control character (a line break, a TAB) counts
 * as white space.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}\p{Cf}\p{Co}\p{Cs}\u2800]/gu;
/** White space that is also a control character (TAB, the line breaks, NEL): a space, before the control characters go. */
const LINE_BREAKS_AND_TABS = /[\t-\r\u0085]/gu;
/** Combining marks after the second on one base character. */
const EXCESS_MARKS = /(?<=\p{M}{2})\p{M}+/gu;
export const MAX_SHOWN_LENGTH = 120;

export function displayText(value: unknown): string {
  if (typeof value !== 'string') return '';
  const cleaned = value
    .replace(LINE_BREAKS_AND_TABS, ' ')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .replace(EXCESS_MARKS, '')
    .normalize('NFC')
    .trim();
  // Cut between whole characters, never inside a surrogate pair.
  const characters = [...cleaned];
  return characters.length > MAX_SHOWN_LENGTH ? `${characters.slice(0, MAX_SHOWN_LENGTH).join('')}…` : cleaned;
}

/** The writing systems a name's letters are told apart by (others count as one "other"). */
const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Bopomofo', /\p{Script=Bopomofo}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
  ['Cherokee', /\p{Script=Cherokee}/u],
];

/**
 * The combinations Unicode's "highly restrictive" profile (UTS #39, 5.2) allows in one name:
 * Latin with the scripts written alongside it in East Asia. "陳大文 Chan Tai Man" is one
 * person's name; "Wоng" with a Cyrillic о is made to pass for another's.
 */
const ALLOWED_TOGETHER: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

/** The scripts of a text's letters and digits-free letters (Common and Inherited characters count for none). */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const character of text) {
    if (!/\p{L}/u.test(character)) continue;
    found.add(SCRIPTS.find(([, pattern]) => pattern.test(character))?.[0] ?? 'Other');
  }
  return found;
}

/** Whether a name mixes writing systems the way look-alike names do. */
export function mixesScripts(text: string): boolean {
  const scripts = scriptsOf(text);
  if (scripts.size <= 1) return false;
  return !ALLOWED_TOGETHER.some((allowed) => [...scripts].every((script) => allowed.has(script)));
}

/**
 * Whether a name is written with full-width or other compatibility forms of characters
 * ("ｗｏｎｇ", "ｗong", a ligature, a circled letter): its compatibility normalisation (NFKC)
 * differs from the text, as in names made to pass for another's. A plain name, in any script,
 * is its own NFKC.
 */
export function usesCompatibilityForms(text: string): boolean {
  return text.normalize('NFKC') !== text.normalize('NFC');
}
