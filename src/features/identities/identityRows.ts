import type { IdentityProviderEntry } from '../../../generated/model/identityProviderEntry';
import type { SocialProvider } from '../../../generated/model/socialProvider';
import type { FrameKey } from '../../messages/t';
import { socialProviderNamed } from '../../shared/config/socialProviders';

export interface IdentityRow {
  /** The server's id for it: the `idpId` of the link and unlink calls. */
  id: string;
  linked: boolean;
  /** The provider's name in the portal's routes (/auth/{provider}/login). */
  provider: SocialProvider;
  label: FrameKey;
  canUnlink: boolean;
}

/**
 * The server's identity providers, in the server's order, with label, route name and whether
 * they can be unlinked from the provider registry; names the registry does not know are left out.
 */
export function identityRows(idps: ReadonlyArray<IdentityProviderEntry>): IdentityRow[] {
  return idps.flatMap((idp) => {
    const entry = socialProviderNamed(idp.name);
    return entry ? [{ id: idp.id, linked: idp.linked, provider: entry.id, label: entry.label, canUnlink: entry.canUnlink }] : [];
  });
}

type IdentityControl = 'link' | 'unlink' | 'linked';

/** Link when not linked; Unlink when linked and allowed; iAM Smart shows only 'Linked'. */
export function identityControl(row: Pick<IdentityRow, 'linked' | 'canUnlink'>): IdentityControl {
  if (!row.linked) return 'link';
  return row.canUnlink ? 'unlink' : 'linked';
}
