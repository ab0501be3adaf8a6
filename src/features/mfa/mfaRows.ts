import type { Factor } from '../../../generated/model';
import type { FrameKey, Wording } from '../../messages/t';
import { displayText } from '../../shared/text/displayText';
import { listedKindOf, type FactorKind, type FactorKindId } from './factorKinds';

export interface MfaRow {
  key: string;
  kind: FactorKindId;
  /** The kind's name, or a passkey's model. */
  name: Wording<FrameKey>;
  enabled: boolean;
  /** The factor set up that a Remove row stands for (its nickname, dates and profile). */
  factor?: Factor;
  /** SMS and voice call set up: the number codes go to, as the server gives it (shown masked). */
  phone?: string;
  /** A passkey: counted with the methods, listed in the Passkeys section rather than the table. */
  passkey?: true;
  /** Remove resets this factor; Set up opens its wizard. */
  action: { kind: 'remove'; factorId: string } | { kind: 'setup'; provider: Factor['provider']; factorType: Factor['factorType'] };
}

const isActive = (factor: Factor) => factor.status === 'ACTIVE';

/**
 * The MFA list: known factors in display order, unknown ones hidden, a kind hidden by another
 * that is present (Okta Verify's code by push). Each active factor is a row of its own (two
 * phones with SMS are two rows, told apart by number, nickname and last use); a kind with none
 * set up is one row to set it up. Passkeys (`listedApart`) are rows too, marked, with no Set up
 * row: the Passkeys section lists and adds them.
 */
export function mfaRows(factors: ReadonlyArray<Factor>): MfaRow[] {
  const known = factors
    .map((factor) => ({ factor, kind: listedKindOf(factor) }))
    .filter((item): item is { factor: Factor; kind: FactorKind } => item.kind !== undefined);
  const present = new Set(known.map(({ kind }) => kind.id));
  const ordered = known
    .filter(({ kind }) => !(kind.hiddenBy && present.has(kind.hiddenBy)))
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.kind.order - b.kind.order || a.index - b.index);

  const rows: MfaRow[] = [];
  const seen = new Set<FactorKindId>();
  for (const { factor, kind } of ordered) {
    if (seen.has(kind.id)) continue;
    seen.add(kind.id);
    const active = ordered.filter((item) => item.kind.id === kind.id && isActive(item.factor) && item.factor.id).map((item) => item.factor);
    for (const each of active) {
      const phone = kind.wizard === 'phone' ? each.profile?.phoneNumber : undefined;
      // A passkey by its model (where the review of methods lists it), made fit to show as every
      // name from the server is; default 'Authenticator'.
      const model = kind.listedApart ? displayText(each.profile?.authenticatorName) : '';
      const name: Wording<FrameKey> = !kind.listedApart ? { key: kind.name } : model ? { text: model } : { key: 'mfa.defaultAuthenticator' };
      rows.push({
        key: `${kind.id}:${each.id}`,
        kind: kind.id,
        name,
        enabled: true,
        factor: each,
        action: { kind: 'remove', factorId: each.id! },
        ...(phone ? { phone } : {}),
        ...(kind.listedApart ? { passkey: true as const } : {}),
      });
    }
    if (active.length === 0 && !kind.listedApart) {
      // The server's own spelling, which the enrollment route reads ignoring case.
      rows.push({
        key: kind.name,
        kind: kind.id,
        name: { key: kind.name },
        enabled: false,
        action: { kind: 'setup', provider: factor.provider, factorType: factor.factorType },
      });
    }
  }
  return rows;
}
