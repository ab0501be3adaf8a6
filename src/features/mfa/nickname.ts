import type { MessageKey } from '../../messages/pageTexts';

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

/** A rename kept across a sign-in: which method (its id) and what was typed; nothing else. */
interface RenameDraft {
  id: string;
  typed?: string;
}

/** The rename kept in `stored` when it has that shape (storage is read as untrusted), else none. */
export function renameDraftOf(stored: string | undefined): RenameDraft | undefined {
  if (!stored) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const { id, typed } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || (typed !== undefined && typeof typed !== 'string')) return undefined;
  return typed === undefined ? { id } : { id, typed };
}
