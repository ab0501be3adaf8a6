import { describe, expect, it } from 'vitest';
import { nicknameProblem, nicknameToSave, phoneEnding, renameDraftOf } from './nickname';

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

describe('renameDraftOf', () => {
  it.each([
    ['an id', '{"id":"clf1taimancall"}', { id: 'clf1taimancall' }],
    ['an id and what was typed', '{"id":"clf1taimancall","typed":"Desk phone"}', { id: 'clf1taimancall', typed: 'Desk phone' }],
    ['an empty field typed', '{"id":"f1","typed":""}', { id: 'f1', typed: '' }],
    ['only the id and the text of an older draft, not its name or pre-fill', '{"id":"f1","name":"Lure","start":"x"}', { id: 'f1' }],
    ['nothing', undefined, undefined],
    ['not JSON', '{id', undefined],
    ['null', 'null', undefined],
    ['a string', '"f1"', undefined],
    ['no id', '{"typed":"x"}', undefined],
    ['an empty id', '{"id":""}', undefined],
    ['an id that is not a string', '{"id":42}', undefined],
    ['typed that is not a string', '{"id":"f1","typed":{"trim":1}}', undefined],
    ['the older shape', '{"renaming":{"id":"f1","name":"Call IT 3442 0000","start":"x"}}', undefined],
  ])('%s', (_, stored, draft) => {
    expect(renameDraftOf(stored)).toEqual(draft);
  });
});
