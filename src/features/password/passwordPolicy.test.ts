import { describe, expect, it } from 'vitest';
import {
  containsUsername,
  passwordRules,
  passwordRulesAttribute,
  usernameChunks,
  validatePasswordChange,
  type PasswordOwner,
} from './passwordPolicy';
import type { PasswordPolicy } from '../../../generated/model';

const ALL: PasswordPolicy = {
  complexity: {
    minLength: 8,
    minLowerCase: 1,
    minUpperCase: 1,
    minNumber: 1,
    minSymbol: 1,
    excludeUsername: true,
    excludeAttributes: ['firstName', 'lastName'],
  },
  age: { historyCount: 4, maxAgeDays: 90, minAgeMinutes: 60 },
};
const NONE: PasswordPolicy = {
  complexity: { minLength: 0, minLowerCase: 0, minUpperCase: 0, minNumber: 0, minSymbol: 0, excludeUsername: false, excludeAttributes: [] },
  age: { historyCount: 0, maxAgeDays: 0, minAgeMinutes: 0 },
};
const only = (complexity: Partial<PasswordPolicy['complexity']>): PasswordPolicy => ({
  ...NONE,
  complexity: { ...NONE.complexity, ...complexity },
});

const TAI_MAN: PasswordOwner = { electronicId: 'taiman.chan', firstName: 'Tai Man', lastName: 'Chan' };
const SHORT_NAMES: PasswordOwner = { electronicId: 'ab-cd-2024', firstName: 'Al', lastName: 'Ng' };

/** Messages for a valid current and confirm, so only the new password's rules speak. */
function newPasswordMessages(policy: PasswordPolicy, newPassword: string, owner = TAI_MAN): string[] {
  return validatePasswordChange({ password: 'old-secret', newPassword, confirmPassword: newPassword }, policy, owner).map((p) => p.message);
}

describe('validatePasswordChange: each rule alone', () => {
  it.each<[string, PasswordPolicy, string, string[]]>([
    ['length: one short', only({ minLength: 8 }), 'abcdefg', ['password.error.tooShort']],
    ['length: exactly long enough', only({ minLength: 8 }), 'abcdefgh', []],
    ['length counts characters, not UTF-16 units', only({ minLength: 4 }), '😀😀😀', ['password.error.tooShort']],
    ['length: spaces count', only({ minLength: 4 }), 'a  b', []],
    ['lowercase missing', only({ minLowerCase: 1 }), 'ABCDEF12', ['password.error.lowercase']],
    ['lowercase present', only({ minLowerCase: 1 }), 'ABCdEF12', []],
    ['lowercase: accented letters are not a-z', only({ minLowerCase: 1 }), 'ÉÀÇéàç12', ['password.error.lowercase']],
    ['uppercase missing', only({ minUpperCase: 1 }), 'abcdef12', ['password.error.uppercase']],
    ['uppercase present', only({ minUpperCase: 1 }), 'abcDef12', []],
    ['uppercase: accented capitals are not A-Z', only({ minUpperCase: 1 }), 'ÉÀÇabc', ['password.error.uppercase']],
    ['number missing', only({ minNumber: 1 }), 'abcdefgh', ['password.error.number']],
    ['number present', only({ minNumber: 1 }), 'abc1efgh', []],
    ['number: full-width digits are not 0-9', only({ minNumber: 1 }), 'abc１２３', ['password.error.number']],
    ['symbol missing', only({ minSymbol: 1 }), 'abcDEF12', ['password.error.symbol']],
    ['symbol: a space is not a symbol', only({ minSymbol: 1 }), 'abc DEF', ['password.error.symbol']],
    ['symbol: underscore is not in the set', only({ minSymbol: 1 }), 'abc_DEF', ['password.error.symbol']],
    ['symbol: tilde is not in the set', only({ minSymbol: 1 }), 'abc~DEF', ['password.error.symbol']],
    ['first name contained', only({ excludeAttributes: ['firstName'] }), 'xxTai Manxx', ['password.error.firstName']],
    ['first name, other case', only({ excludeAttributes: ['firstName'] }), 'xxTAI MANxx', ['password.error.firstName']],
    ['first name without its space is allowed', only({ excludeAttributes: ['firstName'] }), 'TaiMan2024!', []],
    ['last name contained, other case', only({ excludeAttributes: ['lastName'] }), 'myCHANpass', ['password.error.lastName']],
    ['last name excluded only when the policy says so', only({ excludeAttributes: ['firstName'] }), 'myCHANpass', []],
    ['username chunk contained', only({ excludeUsername: true }), 'xTaiMan99', ['password.error.username']],
    ['username chunk, other case', only({ excludeUsername: true }), 'CHAN1234x', ['password.error.username']],
    ['username rule off', only({ excludeUsername: false }), 'taiman99', []],
  ])('%s', (_, policy, password, expected) => {
    expect(newPasswordMessages(policy, password)).toEqual(expected);
  });

  it.each(['$', '&', '+', ',', ':', ';', '=', '?', '@', '#', '|', "'", '<', '>', '.', '^', '*', '(', ')', '%', '!', '-'])(
    'symbol %s counts',
    (symbol) => {
      expect(newPasswordMessages(only({ minSymbol: 1 }), `abc${symbol}def`)).toEqual([]);
    },
  );
});

describe('validatePasswordChange: names shorter than the username chunk length', () => {
  it.each<[string, string, string[]]>([
    ['a two-letter first name still counts', 'xAlpha99', ['password.error.firstName']],
    ['a two-letter last name still counts', 'sNgx1234', ['password.error.lastName']],
    ['username chunks under 4 characters are ignored', 'ab-cd-xx', []],
    ['a 4-digit username chunk counts', 'pass2024', ['password.error.username']],
  ])('%s', (_, password, expected) => {
    const policy = only({ excludeUsername: true, excludeAttributes: ['firstName', 'lastName'] });
    expect(newPasswordMessages(policy, password, SHORT_NAMES)).toEqual(expected);
  });
});

describe('validatePasswordChange: several rules together', () => {
  it('lists every failing rule of the full policy, in the spec order', () => {
    expect(newPasswordMessages(ALL, 'chan')).toEqual([
      'password.error.tooShort',
      'password.error.uppercase',
      'password.error.number',
      'password.error.symbol',
      'password.error.lastName',
      'password.error.username',
    ]);
  });

  it('passes a password that meets the full policy', () => {
    expect(newPasswordMessages(ALL, 'Blue-Harbour-42')).toEqual([]);
  });

  it('carries the minimum length for the message', () => {
    const problems = validatePasswordChange({ password: 'x', newPassword: 'Ab1!', confirmPassword: 'Ab1!' }, ALL, TAI_MAN);
    expect(problems).toContainEqual({ field: 'newPassword', message: 'password.error.tooShort', vars: { n: 8 } });
  });

  it('reports all three empty fields and no rule of the new password', () => {
    expect(validatePasswordChange({ password: '', newPassword: '', confirmPassword: '' }, ALL, TAI_MAN)).toEqual([
      { field: 'password', message: 'password.error.currentEmpty' },
      { field: 'newPassword', message: 'password.error.newEmpty' },
      { field: 'confirmPassword', message: 'password.error.confirmEmpty' },
    ]);
  });

  it('reports a mismatch on both fields, with the rules of the new password', () => {
    expect(validatePasswordChange({ password: 'old', newPassword: 'abc', confirmPassword: 'abd' }, ALL, TAI_MAN)).toEqual([
      { field: 'newPassword', message: 'password.error.tooShort', vars: { n: 8 } },
      { field: 'newPassword', message: 'password.error.uppercase' },
      { field: 'newPassword', message: 'password.error.number' },
      { field: 'newPassword', message: 'password.error.symbol' },
      { field: 'newPassword', message: 'password.error.mismatch' },
      { field: 'confirmPassword', message: 'password.error.confirmRequired' },
    ]);
  });

  it('treats whitespace as characters: a trailing space is a mismatch', () => {
    const messages = validatePasswordChange(
      { password: 'old', newPassword: 'Blue-Harbour-42', confirmPassword: 'Blue-Harbour-42 ' },
      ALL,
      TAI_MAN,
    ).map((p) => p.message);
    expect(messages).toEqual(['password.error.mismatch', 'password.error.confirmRequired']);
  });

  it('a whitespace-only current password is not empty', () => {
    expect(validatePasswordChange({ password: ' ', newPassword: 'x', confirmPassword: 'x' }, NONE, TAI_MAN)).toEqual([]);
  });

  it('an empty policy accepts any non-empty matching password', () => {
    expect(newPasswordMessages(NONE, 'a')).toEqual([]);
  });

  it('an empty policy still requires the three fields', () => {
    expect(validatePasswordChange({ password: '', newPassword: 'a', confirmPassword: '' }, NONE, TAI_MAN).map((p) => p.message)).toEqual([
      'password.error.currentEmpty',
      'password.error.confirmEmpty',
    ]);
  });
});

describe('username chunks', () => {
  it.each<[string, string[]]>([
    ['taiman.chan', ['taiman', 'chan']],
    ['smwong25', ['smwong25']],
    ['ab-cd-2024', ['2024']],
    ['a_b', []],
    ['', []],
  ])('%s splits into %j', (id, chunks) => {
    expect(usernameChunks(id)).toEqual(chunks);
  });

  it('an empty first name never matches', () => {
    expect(
      newPasswordMessages(only({ excludeAttributes: ['firstName'] }), 'anything', { electronicId: 'x', firstName: '  ', lastName: 'y' }),
    ).toEqual([]);
  });

  it('containsUsername ignores case', () => {
    expect(containsUsername('XXSMWONG25', 'smwong25')).toBe(true);
    expect(containsUsername('smwong2', 'smwong25')).toBe(false);
  });
});

describe('passwordRules', () => {
  it('marks only the rules the policy asks for as applying', () => {
    expect(
      passwordRules(only({ minLength: 6, excludeAttributes: ['lastName'] }), TAI_MAN)
        .filter((r) => r.applies)
        .map((r) => r.id),
    ).toEqual(['length', 'lastName']);
    expect(passwordRules(NONE, TAI_MAN).filter((r) => r.applies)).toEqual([]);
  });
});

describe('passwordRulesAttribute', () => {
  it.each<[string, PasswordPolicy, string]>([
    [
      'every rule',
      ALL,
      `minlength: ${ALL.complexity.minLength}; required: lower; required: upper; required: digit; required: [-$&+,:;=?@#|'<>.^*()%!]; allowed: lower, upper, digit, [-$&+,:;=?@#|'<>.^*()%!];`,
    ],
    ['no rule', NONE, "allowed: lower, upper, digit, [-$&+,:;=?@#|'<>.^*()%!];"],
    [
      'length and digits only',
      only({ minLength: 12, minNumber: 1 }),
      "minlength: 12; required: digit; allowed: lower, upper, digit, [-$&+,:;=?@#|'<>.^*()%!];",
    ],
  ])('%s', (_, policy, expected) => {
    expect(passwordRulesAttribute(policy)).toBe(expected);
  });
});
