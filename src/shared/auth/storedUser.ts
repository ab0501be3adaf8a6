// The user oidc-client-ts stored, read without loading it: the first code of a page decides
// with it whether the tab holds a session, and the signed-in pages take their token from it.

/** The part of the stored user the portal reads without loading oidc-client-ts. */
export interface StoredUser {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_at?: number;
  profile: { sub: string } & Record<string, unknown>;
}

/**
 * Reads the user oidc-client-ts stored (its `User.toStorageString()` JSON); null when there is
 * none, it does not parse, or its access token has expired. Kept in step with the library by a
 * test that stores a real `User`.
 */
export function readStoredUser(storage: Storage, key: string, nowSeconds = Date.now() / 1000): StoredUser | null {
  try {
    const user = JSON.parse(storage.getItem(key) ?? 'null') as Partial<StoredUser> | null;
    if (!user || typeof user.access_token !== 'string' || !user.access_token) return null;
    if (typeof user.profile?.sub !== 'string') return null;
    if (typeof user.expires_at === 'number' && user.expires_at <= nowSeconds) return null;
    return user as StoredUser;
  } catch {
    return null;
  }
}
