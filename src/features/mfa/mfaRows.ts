import type { Factor } from '../../../generated/model';
import type { Wording } from '../../messages/t';
import { listedKindOf, type FactorKind } from './factorKinds';

export interface MfaRow {
  key: string;
  /** A kind's name, or a security key's own name. */
  name: Wording;
  enabled: boolean;
  /** SMS and voice call set up: the number codes go to, as the server gives it (shown masked). */
  phone?: string;
  /** Remove resets this factor; Set up opens its wizard. */
  action: { kind: 'remove'; factorId: string } | { kind: 'setup'; provider: Factor['provider']; factorType: Factor['factorType'] };
}

const isActive = (factor: Factor) => factor.status === 'ACTIVE';

/**
 * The MFA list: known factors in display order, unknown ones hidden, a kind hidden by another
 * that is present (Okta Verify's code by push), and each active factor of a row-per-factor kind
 * (security keys) on its own row, by its authenticator name (default 'Authenticator'), plus one
 * Set up row for another. A phone method set up carries its number, so that someone with two
 * phones knows which one it is.
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
  const seen = new Set<FactorKind['id']>();
  for (const { factor, kind } of ordered) {
    if (seen.has(kind.id)) continue;
    seen.add(kind.id);
    // The server's own spelling, which the enrollment route reads ignoring case.
    const setup = { kind: 'setup' as const, provider: factor.provider, factorType: factor.factorType };
    if (kind.rowPerActiveFactor) {
      for (const { factor: each } of ordered.filter((item) => item.kind.id === kind.id && isActive(item.factor))) {
        if (!each.id) continue;
        rows.push({
          key: `${kind.id}:${each.id}`,
          name: each.profile?.authenticatorName ? { text: each.profile.authenticatorName } : { key: 'mfa.defaultAuthenticator' },
          enabled: true,
          action: { kind: 'remove', factorId: each.id },
        });
      }
      rows.push({ key: `${kind.id}:setup`, name: { key: kind.name }, enabled: false, action: setup });
      continue;
    }
    const phone = kind.wizard === 'phone' && isActive(factor) ? factor.profile?.phoneNumber : undefined;
    rows.push({
      key: kind.name,
      name: { key: kind.name },
      enabled: isActive(factor),
      action: isActive(factor) && factor.id ? { kind: 'remove', factorId: factor.id } : setup,
      ...(phone ? { phone } : {}),
    });
  }
  return rows;
}
