import type { FactorKindId } from './factorKinds';
import type { MfaRow } from './mfaRows';

/** The methods that live on a phone: Okta Verify (push or code), an authenticator app, SMS and voice call. */
const ON_A_PHONE: ReadonlySet<FactorKindId> = new Set(['push', 'oktaTotp', 'googleTotp', 'sms', 'call']);

/** The phone methods set up, in the list's order. */
export const phoneMethods = (rows: ReadonlyArray<MfaRow>) => rows.filter((row) => row.enabled && ON_A_PHONE.has(row.kind));

const idOf = (row: MfaRow) => (row.action.kind === 'remove' ? row.action.factorId : undefined);

/** The ids of the phone methods set up now: kept as the move to a new phone begins, they are the old phone's. */
export const phoneMethodIds = (rows: ReadonlyArray<MfaRow>): string[] => phoneMethods(rows).flatMap((row) => idOf(row) ?? []);

/** The ids kept when the move began, read as untrusted: a list of texts, else no move under way. */
export function idsKept(stored: string | null): string[] | undefined {
  if (!stored) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) && value.every((id) => typeof id === 'string') ? value : undefined;
  } catch {
    return undefined;
  }
}

export interface NewPhoneProgress {
  /** Set up since the move began: on the new phone, and working (set up means its code or approval came from it). */
  fresh: MfaRow[];
  /** Set up before: the old phone's, to remove once a fresh one works. */
  old: MfaRow[];
}

/**
 * Where a move to a new phone stands: the phone methods set up when it began (`before`, their
 * ids) are the old phone's; any other phone method set up now is the new one's. No clock is
 * compared: the browser's and the server's may differ by minutes or days.
 */
export function newPhoneProgress(rows: ReadonlyArray<MfaRow>, before: ReadonlyArray<string>): NewPhoneProgress {
  const old = new Set(before);
  const phones = phoneMethods(rows);
  const isOld = (row: MfaRow) => old.has(idOf(row) ?? '');
  return { fresh: phones.filter((row) => !isOld(row)), old: phones.filter(isOld) };
}
