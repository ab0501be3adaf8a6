import { describe, expect, it } from 'vitest';
import { displayText, MAX_SHOWN_LENGTH, mixesScripts, usesCompatibilityForms } from './displayText';

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
  ])('%s: %s', (_, input, expected) => {
    expect(usesCompatibilityForms(input)).toBe(expected);
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
