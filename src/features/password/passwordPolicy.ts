import type { ChangePasswordRequest, PasswordPolicy } from '../../../generated/model';
import type { MessageKey } from '../../messages/pageTexts';

/** The three fields of the form, as the contract names them. */
export type PasswordForm = ChangePasswordRequest;

export interface PasswordOwner {
  electronicId: string;
  firstName: string;
  lastName: string;
}

export type PasswordField = keyof PasswordForm;

export interface PasswordProblem {
  field: PasswordField;
  message: MessageKey;
  vars?: Record<string, number>;
}

/** The spec's symbol set, exactly: $ & + , : ; = ? @ # | ' < > . ^ * ( ) % ! - */
const PASSWORD_SYMBOLS = "$&+,:;=?@#|'<>.^*()%!-";
/** Username chunks this long or longer may not appear in the new password. */
const USERNAME_CHUNK_MIN = 4;

const hasLower = (value: string) => /[a-z]/.test(value);
const hasUpper = (value: string) => /[A-Z]/.test(value);
const hasNumber = (value: string) => /[0-9]/.test(value);
const hasSymbol = (value: string) => [...value].some((c) => PASSWORD_SYMBOLS.includes(c));

function containsIgnoringCase(haystack: string, needle: string): boolean {
  const part = needle.trim().toLowerCase();
  return part !== '' && haystack.toLowerCase().includes(part);
}

/** Alphanumeric chunks of the electronic ID that are long enough to count. */
export function usernameChunks(electronicId: string): string[] {
  return electronicId.split(/[^A-Za-z0-9]+/).filter((chunk) => chunk.length >= USERNAME_CHUNK_MIN);
}

export function containsUsername(password: string, electronicId: string): boolean {
  return usernameChunks(electronicId).some((chunk) => containsIgnoringCase(password, chunk));
}

/**
 * One check of the new password against the policy, for both the live hints and the
 * submit-time messages. `applies` says whether the policy asks for it at all.
 */
export interface PasswordRule {
  id: 'length' | 'lowercase' | 'uppercase' | 'number' | 'symbol' | 'firstName' | 'lastName' | 'username';
  applies: boolean;
  met: (password: string) => boolean;
  message: MessageKey;
  vars?: Record<string, number>;
  hint: MessageKey;
  hintVars?: Record<string, string | number>;
}

export function passwordRules(policy: PasswordPolicy, owner: PasswordOwner): PasswordRule[] {
  const c = policy.complexity;
  const excluded = new Set(c.excludeAttributes);
  return [
    {
      id: 'length',
      applies: c.minLength > 0,
      met: (p) => [...p].length >= c.minLength,
      message: 'password.error.tooShort',
      vars: { n: c.minLength },
      hint: 'password.hint.length',
      hintVars: { n: c.minLength },
    },
    { id: 'lowercase', applies: c.minLowerCase > 0, met: hasLower, message: 'password.error.lowercase', hint: 'password.hint.lowercase' },
    { id: 'uppercase', applies: c.minUpperCase > 0, met: hasUpper, message: 'password.error.uppercase', hint: 'password.hint.uppercase' },
    { id: 'number', applies: c.minNumber > 0, met: hasNumber, message: 'password.error.number', hint: 'password.hint.number' },
    {
      id: 'symbol',
      applies: c.minSymbol > 0,
      met: hasSymbol,
      message: 'password.error.symbol',
      hint: 'password.hint.symbol',
      hintVars: { symbols: [...PASSWORD_SYMBOLS].join(' ') },
    },
    {
      id: 'firstName',
      applies: excluded.has('firstName'),
      met: (p) => !containsIgnoringCase(p, owner.firstName),
      message: 'password.error.firstName',
      hint: 'password.hint.firstName',
    },
    {
      id: 'lastName',
      applies: excluded.has('lastName'),
      met: (p) => !containsIgnoringCase(p, owner.lastName),
      message: 'password.error.lastName',
      hint: 'password.hint.lastName',
    },
    {
      id: 'username',
      applies: c.excludeUsername,
      met: (p) => !containsUsername(p, owner.electronicId),
      message: 'password.error.username',
      hint: 'password.hint.username',
    },
  ];
}

/** Policy hints that the browser cannot check (the server knows the history and dates). */
export function ageHints(policy: PasswordPolicy): Array<{ hint: MessageKey; vars: Record<string, number> }> {
  const { historyCount, minAgeMinutes, maxAgeDays } = policy.age;
  return [
    ...(historyCount > 0 ? [{ hint: 'password.hint.history' as const, vars: { n: historyCount } }] : []),
    ...(minAgeMinutes > 0 ? [{ hint: 'password.hint.minAge' as const, vars: { n: minAgeMinutes } }] : []),
    ...(maxAgeDays > 0 ? [{ hint: 'password.hint.maxAge' as const, vars: { n: maxAgeDays } }] : []),
  ];
}

/**
 * Every problem with the form, all at once, in the spec's order (section 5). Rules on the
 * new password are checked only once it is not empty.
 */
export function validatePasswordChange(form: PasswordForm, policy: PasswordPolicy, owner: PasswordOwner): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (form.password === '') problems.push({ field: 'password', message: 'password.error.currentEmpty' });
  if (form.newPassword === '') problems.push({ field: 'newPassword', message: 'password.error.newEmpty' });
  if (form.confirmPassword === '') problems.push({ field: 'confirmPassword', message: 'password.error.confirmEmpty' });

  if (form.newPassword !== '') {
    for (const rule of passwordRules(policy, owner)) {
      if (rule.applies && !rule.met(form.newPassword)) {
        problems.push({ field: 'newPassword', message: rule.message, ...(rule.vars ? { vars: rule.vars } : {}) });
      }
    }
  }
  if (form.confirmPassword !== '' && form.newPassword !== form.confirmPassword) {
    problems.push({ field: 'newPassword', message: 'password.error.mismatch' });
    problems.push({ field: 'confirmPassword', message: 'password.error.confirmRequired' });
  }
  return problems;
}

/** The problems of each field, in order, as the form shows them under that field. */
export function problemsByField(problems: ReadonlyArray<PasswordProblem>): Partial<Record<PasswordField, PasswordProblem[]>> {
  const byField: Partial<Record<PasswordField, PasswordProblem[]>> = {};
  for (const problem of problems) (byField[problem.field] ??= []).push(problem);
  return byField;
}

/**
 * The policy as a `passwordrules` attribute (the format Safari and password managers read), so
 * a generated password meets it. Only the rules that format can say: the names and the
 * electronic ID it cannot exclude, and the server alone knows the history.
 */
export function passwordRulesAttribute(policy: PasswordPolicy): string {
  const c = policy.complexity;
  // `-` first, so the class reads it as itself rather than a range.
  const symbols = `[-${PASSWORD_SYMBOLS.replace('-', '')}]`;
  const rules = [
    ...(c.minLength > 0 ? [`minlength: ${c.minLength}`] : []),
    ...(c.minLowerCase > 0 ? ['required: lower'] : []),
    ...(c.minUpperCase > 0 ? ['required: upper'] : []),
    ...(c.minNumber > 0 ? ['required: digit'] : []),
    ...(c.minSymbol > 0 ? [`required: ${symbols}`] : []),
    // Symbols the policy does not count could still be refused: offer only the ones it knows.
    `allowed: lower, upper, digit, ${symbols}`,
  ];
  return rules.map((rule) => `${rule};`).join(' ');
}
