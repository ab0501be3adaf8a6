import type { MessageKey } from '../../messages/t';

/** The longest nickname Okta keeps (MyAccount's enrollment nickname), in characters. */
export const NICKNAME_MAX = 256;

/** Control characters (Unicode Cc: C0, DEL, C1): a line break or a TAB included. */
const CONTROL = /\p{Cc}/u;

/**
 * What is wrong with a nickname as typed, if anything: a control character, or more than 256
 * characters (counted as characters, not UTF-16 units, as the contract's maxLength counts).
 * Spaces at either end do not count; an empty field is fine (it removes the nickname).
 */
export function nicknameProblem(typed: string): MessageKey | undefined {
  const nickname = typed.trim();
  if (CONTROL.test(nickname)) return 'mfa.nickname.control';
  if ([...nickname].length > NICKNAME_MAX) return 'mfa.nickname.tooLong';
  return undefined;
}

/** What the server is sent: the nickname trimmed, or null (no nickname) when nothing is left. */
export function nicknameToSave(typed: string): string | null {
  return typed.trim() || null;
}

/** The last four digits of a phone number, for "Phone ending 4567"; undefined without four. */
export function phoneEnding(number: string | undefined): string | undefined {
  const digits = (number ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : undefined;
}
