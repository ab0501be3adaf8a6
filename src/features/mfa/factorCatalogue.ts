import type { Factor } from '../../../generated/model';
import type { MessageKey } from '../../messages/t';

/** One known factor kind, in the spec's display order (section 3). */
interface CatalogueEntry {
  factorType: string;
  /** Undefined: any provider (push and email come from OKTA). */
  provider?: string;
  name: MessageKey;
  order: number;
}

const CATALOGUE: CatalogueEntry[] = [
  { factorType: 'push', name: 'mfa.factor.push', order: 1 },
  { factorType: 'token:software:totp', provider: 'okta', name: 'mfa.factor.oktaTotp', order: 1 },
  { factorType: 'token:software:totp', provider: 'google', name: 'mfa.factor.googleTotp', order: 2 },
  { factorType: 'email', name: 'mfa.factor.email', order: 3 },
  { factorType: 'sms', name: 'mfa.factor.sms', order: 4 },
  { factorType: 'call', name: 'mfa.factor.call', order: 5 },
  { factorType: 'webauthn', provider: 'fido', name: 'mfa.factor.webauthn', order: 6 },
  { factorType: 'token:hotp', provider: 'custom', name: 'mfa.factor.custom', order: 7 },
];

const lower = (value: string | undefined) => (value ?? '').toLowerCase();

/** The catalogue entry of a factor, comparing type and provider ignoring case; undefined when unknown. */
export function catalogueEntry(factor: Pick<Factor, 'factorType' | 'provider'>): CatalogueEntry | undefined {
  return CATALOGUE.find(
    (entry) => entry.factorType === lower(factor.factorType) && (!entry.provider || entry.provider === lower(factor.provider)),
  );
}

export interface MfaRow {
  key: string;
  /** A catalogue name, or a security key's own name. */
  name: { key: MessageKey } | { text: string };
  enabled: boolean;
  /** Remove resets this factor; Set up opens its wizard. */
  action: { kind: 'remove'; factorId: string } | { kind: 'setup'; provider: string; factorType: string };
}

const isActive = (factor: Factor) => factor.status === 'ACTIVE';

/**
 * The MFA list: known factors in display order, unknown ones hidden, the Okta Verify code
 * entry hidden when push is present, and each active security key on its own row (by its
 * authenticator name, default 'Authenticator') plus one Set up row for another key.
 */
export function mfaRows(factors: ReadonlyArray<Factor>): MfaRow[] {
  const known = factors
    .map((factor) => ({ factor, entry: catalogueEntry(factor) }))
    .filter((item): item is { factor: Factor; entry: CatalogueEntry } => item.entry !== undefined);
  const hasPush = known.some(({ entry }) => entry.factorType === 'push');
  const visible = known.filter(({ entry }) => !(hasPush && entry.name === 'mfa.factor.oktaTotp'));
  const ordered = visible
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.entry.order - b.entry.order || a.index - b.index);

  const rows: MfaRow[] = [];
  const seen = new Set<MessageKey>();
  for (const { factor, entry } of ordered) {
    if (seen.has(entry.name)) continue;
    seen.add(entry.name);
    const setup = { kind: 'setup' as const, provider: factor.provider, factorType: factor.factorType };
    if (entry.factorType === 'webauthn') {
      const keys = ordered.filter((item) => item.entry.factorType === 'webauthn' && isActive(item.factor) && item.factor.id);
      for (const { factor: key } of keys) {
        rows.push({
          key: `webauthn:${key.id}`,
          name: key.profile?.authenticatorName ? { text: key.profile.authenticatorName } : { key: 'mfa.defaultAuthenticator' },
          enabled: true,
          action: { kind: 'remove', factorId: key.id! },
        });
      }
      rows.push({ key: 'webauthn:setup', name: { key: entry.name }, enabled: false, action: setup });
      continue;
    }
    rows.push({
      key: entry.name,
      name: { key: entry.name },
      enabled: isActive(factor),
      action: isActive(factor) && factor.id ? { kind: 'remove', factorId: factor.id } : setup,
    });
  }
  return rows;
}
