import { describe, expect, it } from 'vitest';
import { nicknameProblem, nicknameToSave, phoneEnding } from './nickname';

describe('nicknameProblem', () => {
  it.each([
    ['a plain name', 'Work mobile', undefined],
    ['Chinese', '辦公室電話', undefined],
    ['an emoji', '📱 old phone', undefined],
    ['empty (removes the nickname)', '', undefined],
    ['spaces around it', '  Desk  ', undefined],
    ['markup, which is only text', '<img src=x onerror=alert(1)>', undefined],
    ['256 characters', 'a'.repeat(256), undefined],
    ['256 emoji: characters, not UTF-16 units', '📱'.repeat(256), undefined],
    ['257 characters', 'a'.repeat(257), 'mfa.nickname.tooLong'],
    ['a line break', 'Work\nmobile', 'mfa.nickname.control'],
    ['a TAB', 'Work\tmobile', 'mfa.nickname.control'],
    ['NUL', 'Work\u0000', 'mfa.nickname.control'],
    ['DEL', 'Work\u007f', 'mfa.nickname.control'],
    ['a C1 control (NEL)', 'Work\u0085mobile', 'mfa.nickname.control'],
  ])('%s', (_, typed, problem) => {
    expect(nicknameProblem(typed)).toBe(problem);
  });
});

describe('nicknameToSave', () => {
  it.each([
    ['Work mobile', 'Work mobile'],
    ['  Desk ', 'Desk'],
    ['', null],
    ['   ', null],
  ])('%j is sent as %j', (typed, sent) => {
    expect(nicknameToSave(typed)).toBe(sent);
  });
});

describe('phoneEnding', () => {
  it.each([
    ['+85291234567', '4567'],
    ['+1-555-415-1337', '1337'],
    ['+85', undefined],
    [undefined, undefined],
  ])('%s ends in %s', (number, ending) => {
    expect(phoneEnding(number)).toBe(ending);
  });
});
