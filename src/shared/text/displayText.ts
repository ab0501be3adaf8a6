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
  // Cut between whole characters, never inside a surrogate pair.
  const characters = [...cleanText(value)];
  return characters.length > MAX_SHOWN_LENGTH ? `${characters.slice(0, MAX_SHOWN_LENGTH).join('')}…` : characters.join('');
}

/**
 * displayText without its cap on the length: the whole text, cleaned, for a field it fills
 * (a nickname's Rename), where a shortened text would be saved back shortened.
 */
export function cleanText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(LINE_BREAKS_AND_TABS, ' ').replace(INVISIBLE, '').replace(/\s+/gu, ' ').replace(EXCESS_MARKS, '').normalize('NFC').trim();
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
 * The letters of other scripts that Unicode's confusables data (UTS #39's confusables.txt) maps to
 * Latin letters and nothing else: Cyrillic "с", "о", "р" and "е", Greek "ο", Armenian "օ", Cherokee
 * "Ꭺ", and the like, 406 in all. Written as the distance of each code point from the one before,
 * in base 36: about 350 bytes gzipped. displayText.test.ts derives the list
 * afresh from the data (the unhomoglyph package's copy of confusables.txt) and holds it to it.
 */
const LATIN_LOOK_ALIKES =
  'og,7,4,2,2,i,1,3,1,1,2,1,1,1,1,2,2,2,1,1,2,a,1,1,1,1,4,1,3,2,2,2,1,1,1,m,d,a,4,1,2,3,2,5,1,1,2,8,2,3,5,1,1,1,1,2,1,1,1,2,6,1,2,2,2,1,2,2,1,2,2,1,1,2,1,1,1,1,1,6,1,3,5,1,1,2,9,j,1,1l,1,c,2,3,f,5,1,3,1,8,w,9,2,1,3,1,a,1,1,1c,2,6,c,2,3,8,2,5,3,2,2,1,4,3,1,28,3,7,2,f,1j,w,3b,3,k,6t,nq,e8,l9,3n,1z,c,c,75,z,4t,5s,1,1,3,3,1,1,1,1,4,3,4,4,2,2,1,2,1,8,4,3,2,1,4,1,4,1,3,4,1,9,3,1,7,1,1f,2,r,x,2,3,r,t,47,1i,5,1,a,14,5,1,2,d,1,p,c,6,7,1j,6,3n,a,k,1,18w,1,2,318,3,1,5,4,2,1,3,2,4,1,3,1,1,1,1,2,3,1,x,3,1,2u,1,1,1,f,6,5,1,4,4,nlf,1,1,1,1,2,1,2,1,1,1,1,1,1,1,1,1,1,2,1,1,3,1,1,2,1,1,1,1,1,1,9d,2,x,1c,1,o,s,1,h,wh,1,1,3,5,1,1,2,2,1,2,4,4,5,3,8,4,3,7,1,4,1,3,4,h58,4,1,3,3,3,2,3,1,1,9,1,1,3,6,5,1,1,2,r,1e,1,7,8,4,2,6i,3,h,6,4,1,3,6,1,2,h,2,3,1,5,3,2,2r,4,e,1,1,a,a,i,c,t,3,2,4,1,8,1,1,3ix,6,4,4,1,b5,2,1,1,2,3,5,4,3,3,4,4,1,1,1,1,4,6,9,1,4,h0s,2,c,i,5,8,5,3,3,2,1';

const LOOK_ALIKES: ReadonlySet<number> = new Set(
  LATIN_LOOK_ALIKES.split(',').reduce<number[]>((points, step) => {
    points.push((points.at(-1) ?? 0) + parseInt(step, 36));
    return points;
  }, []),
);

/**
 * Whether a name is written wholly in letters of other scripts that pass for Latin ones: all-Cyrillic
 * "соре" reads as "cope". Its marks count for none ("ё" is "е" with a diaeresis).
 */
function passesForLatin(text: string): boolean {
  const letters = [...text.normalize('NFD')].filter((character) => /\p{L}/u.test(character));
  return letters.length > 0 && letters.every((letter) => LOOK_ALIKES.has(letter.codePointAt(0)!));
}

/**
 * Whether a name is written with forms of letters made to pass for others: full-width or other
 * compatibility forms ("ｗｏｎｇ", "ｗong", a ligature, a circled letter: its compatibility
 * normalisation, NFKC, differs from it), letters of another script that pass for Latin ones
 * throughout (all-Cyrillic "соре"), or the characters that stand in for one that could not be
 * shown (U+FFFC, U+FFFD), hiding what was there. A plain name, in any script, is none of these.
 */
export function usesCompatibilityForms(text: string): boolean {
  return text.normalize('NFKC') !== text.normalize('NFC') || /[\uFFFC\uFFFD]/u.test(text) || passesForLatin(text);
}
