import type { FactorKindId } from './factorKinds';
import type { MfaRow } from './mfaRows';

/** The methods that live on a phone: Okta Verify (push or code), an authenticator app, SMS and voice call. */
const ON_A_PHONE: ReadonlySet<FactorKindId> = new Set(['push', 'oktaTotp', 'googleTotp', 'sms', 'call']);

/** The phone methods set up, in the list's order. */
export const phoneMethods = (rows: ReadonlyArray<MfaRow>) => rows.filter((row) => row.enabled && ON_A_PHONE.has(row.kind));

export interface NewPhoneProgress {
  /** Set up since the move began: on the new phone, and working (set up means its code or approval came from it). */
  fresh: MfaRow[];
  /** Set up before: the old phone's, to remove once a fresh one works. */
  old: MfaRow[];
}

/**
 * Where a move to a new phone stands, begun at `startedAt`: a phone method added since then is
 * the new phone's; the rest are the old one's. A method whose date is missing or unreadable
 * counts as old: it is never taken for the new one.
 */
export function newPhoneProgress(rows: ReadonlyArray<MfaRow>, startedAt: string): NewPhoneProgress {
  const start = new Date(startedAt).getTime();
  const isFresh = (row: MfaRow) => {
    const added = new Date(row.factor?.created ?? '').getTime();
    return !Number.isNaN(start) && !Number.isNaN(added) && added >= start;
  };
  const phones = phoneMethods(rows);
  return { fresh: phones.filter(isFresh), old: phones.filter((row) => !isFresh(row)) };
}
