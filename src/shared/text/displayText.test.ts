import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { cleanText, displayText, MAX_SHOWN_LENGTH, mixesScripts, usesCompatibilityForms } from './displayText';

describe('displayText', () => {
  it.each([
    ['plain', 'Wong Siu Ming', 'Wong Siu Ming'],
    ['Hangul filler U+3164 between words', 'Wong\u3164Siu', 'WongSiu'],
    ['Hangul choseong and jungseong fillers', '\u115fWong\u1160', 'Wong'],
    ['halfwidth Hangul filler', 'Wong\uffa0', 'Wong'],
    ['deprecated format characters U+206A to U+206F', 'W\u206ao\u206bn\u206cg\u206d\u206e\u206f', 'Wong'],
    ['zero-width space, joiner and non-joiner, word joiner, BOM', '\u200bW\u200co\u200dn\u2060\ufeffg\ufeff', 'Wong'],
    ['soft hyphen and combining grapheme joiner', 'Wo\u00adn\u034fg', 'Wong'],
    ['right-to-left override and isolates', '\u202eWong\u202c \u2066Siu\u2069 \u2067Ming\u2068', 'Wong Siu Ming'],
    ['Arabic letter mark and LRM/RLM', '\u061cWong\u200e\u200f', 'Wong'],
    ['Mongolian vowel separator and variation selectors', 'Wong\u180e\ufe0f\u{e0100}', 'Wong'],
    ['tag characters', 'Wong\u{e0041}\u{e007f}', 'Wong'],
    ['control characters', 'Wo\u0000n\u0007g\u009f', 'Wong'],
    ['other format characters (Cf): Arabic number sign, interlinear annotation, shorthand format controls', '\u0600Wo\ufff9n\u{1bca0}g', 'Wong'],
    ['private use characters (Co), which show as whatever a font puts there', 'W\ue000o\u{f0000}ng', 'Wong'],
    ['a lone surrogate (Cs)', 'Wo\ud800ng\udfff', 'Wong'],
    ['the blank Braille pattern U+2800, which looks like a space', 'Wong\u2800Siu', 'WongSiu'],
    ['new lines (NEL too) and tabs become one space', ' Wong\n\tSiu \u0085 Ming\u0085', 'Wong Siu Ming'],
    ['spaces around an invisible character become one, once it is gone', 'Wong \u200b Siu\u2060 \u2800 Ming', 'Wong Siu Ming'],
    ['an invisible character between a line break and spaces leaves one space', 'Wong\n\u200b\t Siu', 'Wong Siu'],
    ['two combining marks stay (composed where Unicode composes)', 'a\u0308\u0302', '\u00e4\u0302'],
    ['a flood of combining marks is cut to two', `e${'\u0301'.repeat(40)}`, '\u00e9\u0301'],
    ['composed where Unicode composes (NFC)', 'e\u0301', '\u00e9'],
    ['Chinese name kept', '陳大文', '陳大文'],
    ['not a string', 42, ''],
  ])('%s', (_, input, expected) => {
    expect(displayText(input)).toBe(expected);
  });

  it(`caps the length at ${MAX_SHOWN_LENGTH} characters, never inside a surrogate pair`, () => {
    const shown = displayText('😀'.repeat(200));
    expect([...shown]).toHaveLength(MAX_SHOWN_LENGTH + 1);
    expect(shown.endsWith('😀…')).toBe(true);
  });
});

describe('cleanText', () => {
  it('cleans as displayText does, and keeps the whole text however long', () => {
    const long = `Lab\u200b phone ${'x'.repeat(200)}`;
    expect(cleanText(long)).toBe(`Lab phone ${'x'.repeat(200)}`);
    expect(cleanText(' a\u202eb\tc ')).toBe(displayText(' a\u202eb\tc '));
    expect(cleanText(undefined)).toBe('');
  });
});

describe('usesCompatibilityForms', () => {
  it.each([
    ['a Latin name', 'Wong Siu Ming', false],
    ['a Chinese name', '陳大文', false],
    ['a Korean and a Japanese name', '김민준 山田たろう', false],
    ['an accented name, composed or not', 'Zoe\u0308 Zo\u00eb', false],
    ['full-width letters', '\uff37\uff4f\uff4e\uff47', true],
    ['one full-width letter among plain ones', 'W\uff4fng', true],
    ['a ligature', '\ufb01nn', true],
    ['a circled letter', '\u24cc\u24de\u24dd\u24d6', true],
    ['mathematical bold letters', '\u{1d416}\u{1d428}\u{1d427}\u{1d420}', true],
    ['half-width katakana', '\uff80\uff9b\uff73', true],
    ['the replacement character', 'Wong \ufffd', true],
    ['the object replacement character', '\ufffcWong', true],
    ['all-Cyrillic look-alikes of "cope"', '\u0441\u043e\u0440\u0435', true],
    ['all-Cyrillic look-alikes of "Joe Pope", capitals too', '\u0408\u043e\u0435 \u0420\u043e\u0440\u0435', true],
    ['all-Cyrillic look-alikes with a mark ("ё")', '\u0441\u043e\u0440\u0451', true],
    ['all-Greek look-alikes', '\u03a4\u03bf\u03ba\u03bf', true],
    ['all-Cherokee look-alikes of "WAH"', '\u13b3\u13aa\u13bb', true],
    ['a Cyrillic name', '\u0418\u0432\u0430\u043d \u041f\u0435\u0442\u0440\u043e\u0432', false],
    ['a Greek name', '\u039d\u03af\u03ba\u03bf\u03c2', false],
    ['an Armenian name', '\u0531\u0580\u0561\u0574', false],
    ['digits and punctuation only', '2024-01', false],
  ])('%s: %s', (_, input, expected) => {
    expect(usesCompatibilityForms(input)).toBe(expected);
  });

  // UTS #39's confusables.txt, as unhomoglyph carries it: each letter of another script that it
  // maps to Latin letters alone (one whose NFKC or NFD is another text counts as that text).
  it('takes for look-alikes of Latin exactly the letters Unicode’s confusables data maps to Latin letters alone', () => {
    const plainLetter = (character: string) =>
      /^\p{L}$/u.test(character) && !/\p{Script=Latin}/u.test(character) && character.normalize('NFKD') === character;
    const expected = Object.entries(confusables as Record<string, string>)
      .filter(([from, to]) => plainLetter(from) && [...to].every((character) => /\p{Script=Latin}/u.test(character)))
      .map(([from]) => from.codePointAt(0)!)
      .sort((a, b) => a - b);
    const flagged: number[] = [];
    for (let point = 0x80; point < 0x20000; point += 1) {
      const character = String.fromCodePoint(point);
      if (plainLetter(character) && usesCompatibilityForms(character)) flagged.push(point);
    }
    const packed = expected.map((point, i) => (point - (expected[i - 1] ?? 0)).toString(36)).join(',');
    expect(flagged, `displayText.ts's LATIN_LOOK_ALIKES should be '${packed}'`).toEqual(expected);
  });
});

describe('mixesScripts', () => {
  it.each([
    ['Latin only', 'Wong Siu Ming', false],
    ['Chinese only', '陳大文', false],
    ['Chinese and Latin (Hong Kong names)', '陳大文 Chan Tai Man', false],
    ['Japanese with Latin', '山田たろう Taro', false],
    ['Korean with Latin', '김민준 Kim', false],
    ['Cyrillic look-alike i in a Latin name', 'Wong Siu M\u0456ng', true],
    ['Cyrillic o', 'W\u043eng', true],
    ['Greek omicron', 'W\u03bfng', true],
    ['Cyrillic only', 'Иван', false],
    ['Cyrillic with Han', 'Иван 陳', true],
    ['digits and punctuation do not count', 'Wong-2 (Ming)', false],
    ['an email', 'wsm.personal@example.com', false],
  ])('%s', (_, input, expected) => {
    expect(mixesScripts(input)).toBe(expected);
  });
});
