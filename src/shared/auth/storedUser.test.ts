import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { userStorageKey } from './session';
import { readStoredUser } from './storedUser';

const KEY = userStorageKey();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('readStoredUser', () => {
  it('reads the user exactly as oidc-client-ts stores it', async () => {
    const manager = new UserManager({
      authority: 'http://localhost:9000',
      client_id: 'account-portal',
      redirect_uri: 'http://localhost/cb',
      userStore: new WebStorageStateStore({ store: window.sessionStorage }),
    });
    const user = new User({
      access_token: 'abc',
      id_token: 'id',
      refresh_token: 'rt',
      token_type: 'Bearer',
      profile: { sub: 'u1', iss: 'x', aud: 'y', exp: 0, iat: 0 },
      expires_at: inAnHour(),
    });
    await manager.storeUser(user);
    const read = readStoredUser(window.sessionStorage, userStorageKey('http://localhost:9000', 'account-portal'));
    // Renewal and the logout's revocation read the refresh token; the expiry decides which token is handed out.
    expect(read).toMatchObject({ access_token: 'abc', id_token: 'id', refresh_token: 'rt', expires_at: user.expires_at, profile: { sub: 'u1' } });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['no access token', JSON.stringify({ profile: { sub: 'a' } })],
    ['no subject', JSON.stringify({ access_token: 't', profile: {} })],
    ['expired', JSON.stringify({ access_token: 't', profile: { sub: 'a' }, expires_at: 1 })],
    ['a token that is not a string', JSON.stringify({ access_token: 42, profile: { sub: 'a' } })],
  ])('trusts nothing when there is %s', (_case, stored) => {
    if (stored !== null) window.sessionStorage.setItem(KEY, stored);
    expect(readStoredUser(window.sessionStorage, KEY)).toBeNull();
  });
});
