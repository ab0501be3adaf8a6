import type { IdentityProviderEntry } from '../../../generated/model';
import type { MessageKey } from '../../messages/t';
import type { SocialProvider } from '../../shared/socialProviders';

interface CatalogueEntry {
  label: MessageKey;
  /** The provider's name in the portal's routes (/auth/{provider}/login). */
  provider: SocialProvider;
  unlinkable: boolean;
}

/** The fixed list the server's entries are matched against by name (spec section 3). */
const CATALOGUE: Record<string, CatalogueEntry> = {
  smart: { label: 'identities.provider.smart', provider: 'iamsmart', unlinkable: false },
  facebook: { label: 'identities.provider.facebook', provider: 'facebook', unlinkable: true },
  linkedin: { label: 'identities.provider.linkedin', provider: 'linkedin', unlinkable: true },
  google: { label: 'identities.provider.google', provider: 'google', unlinkable: true },
  apple: { label: 'identities.provider.apple', provider: 'apple', unlinkable: true },
};

export interface IdentityRow extends CatalogueEntry {
  id: string;
  linked: boolean;
}

/** The server's identity providers with label, route name and whether they can be unlinked; unknown names are left out. */
export function identityRows(idps: ReadonlyArray<IdentityProviderEntry>): IdentityRow[] {
  return idps.flatMap((idp) => {
    const entry = CATALOGUE[idp.name.toLowerCase()];
    return entry ? [{ ...entry, id: idp.id, linked: idp.linked }] : [];
  });
}

export type IdentityControl = 'link' | 'unlink' | 'linked';

/** Link when not linked; Unlink when linked and allowed; iAM Smart shows only 'Linked'. */
export function identityControl(row: Pick<IdentityRow, 'linked' | 'unlinkable'>): IdentityControl {
  if (!row.linked) return 'link';
  return row.unlinkable ? 'unlink' : 'linked';
}
