import { describe, expect, it } from 'vitest';
import { config } from '../config/config';
import { createUserManager } from './oidcLibrary';
import { keepProviderMetadata } from './providerMetadata';
import { userStorageKey } from './session';

const issuer = config.oidcAuthority;
const discovery = {
  issuer,
  authorization_endpoint: `${issuer}/auth`,
  token_endpoint: `${issuer}/token`,
  end_session_endpoint: `${issuer}/session/end`,
  revocation_endpoint: `${issuer}/token/revocation`,
  jwks_uri: `${issuer}/jwks`,
};

describe('createUserManager', () => {
  it('keeps sign-in requests apart from the user: a callback whose state names the stored user removes nothing', async () => {
    keepProviderMetadata(window.localStorage, issuer, discovery);
    const stored = JSON.stringify({ access_token: 't', token_type: 'Bearer', profile: { sub: 'smwong25' }, expires_at: 4_000_000_000 });
    window.sessionStorage.setItem(userStorageKey(), stored);
    const manager = await createUserManager('http://localhost:5173');
    // `user:{authority}:{client id}`: both are public in config.json.
    const crafted = `http://localhost:5173/auth/default/callback?code=x&state=${encodeURIComponent(`user:${issuer}:${config.oidcClientId}`)}`;
    await expect(manager.signinRedirectCallback(crafted)).rejects.toThrow('No matching state found in storage');
    expect(window.sessionStorage.getItem(userStorageKey())).toBe(stored);
  });
});
