import { describe, expect, it, vi } from 'vitest';
import { createSession, tabCredentials, tabSession, userStorageKey, type SessionChannel } from './session';

const KEY = userStorageKey();
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function storeUser(fields: Record<string, unknown>) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ token_type: 'Bearer', profile: { sub: 'smwong25' }, ...fields }));
}

/** A channel whose messages the test delivers, and whose posts it records. */
function testChannel() {
  const posted: unknown[] = [];
  let deliver: (data: unknown) => void = () => undefined;
  const channel: SessionChannel = {
    postMessage: (message) => posted.push(message),
    addEventListener: (_type, listener) => (deliver = (data) => listener(new MessageEvent('message', { data }))),
  };
  return { channel, posted, deliver: (data: unknown) => deliver(data) };
}

describe('createSession', () => {
  it('hands out the token of a valid stored user, and none for an expired one', () => {
    const session = createSession();
    expect(session.accessToken()).toBeUndefined();
    storeUser({ access_token: 'fresh', expires_at: inAnHour() });
    expect(session.accessToken()).toBe('fresh');
    storeUser({ access_token: 'old', expires_at: 1000 });
    expect(session.accessToken()).toBeUndefined();
    expect(session.user()).toBeNull();
    // Who signed in is still known (the subject does not expire with the token).
    expect(session.user(0)?.profile.sub).toBe('smwong25');
  });

  it('knows which callback addresses this tab is waiting for: its own sign-in requests only', () => {
    const created = Math.floor(Date.now() / 1000);
    const request = (id: string, fields: object = {}) =>
      window.sessionStorage.setItem(`oidc.request.${id}`, JSON.stringify({ id, created, request_type: 'si:r', ...fields }));
    request('a'.repeat(32));
    request('b'.repeat(32), { request_type: 'so:r' });
    request('c'.repeat(32), { created: created - 2 * 3600 });
    request('d'.repeat(32), { id: 'e'.repeat(32) });
    storeUser({ access_token: 't', expires_at: inAnHour() });
    const session = createSession();
    const callback = (state: string) => `http://localhost/auth/default/callback?code=c&state=${encodeURIComponent(state)}`;
    expect(session.isPendingSignIn(callback('a'.repeat(32)))).toBe(true);
    expect(session.isPendingSignIn('http://localhost/auth/default/callback?code=c')).toBe(false);
    expect(session.isPendingSignIn('not a url')).toBe(false);
    for (const state of [
      'forged',
      // The stored user's own key, which config.json makes public: it must never reach the library.
      'user:http://localhost:9000:account-portal',
      'b'.repeat(32), // a sign-out request
      'c'.repeat(32), // two hours old
      'd'.repeat(32), // a record that is not the one it is filed under
    ]) {
      expect(session.isPendingSignIn(callback(state)), state).toBe(false);
    }
  });

  it('ends: forgets everything of the session but the language and theme, voids every tab’s older tokens and tells the other tabs', () => {
    window.localStorage.setItem('portal.language', 'zh-HK');
    window.localStorage.setItem('mantine-color-scheme-value', 'dark');
    window.localStorage.setItem('state', 'eyJtb2RlIjoic3RhcnRMaW5rSWRwIn0=');
    window.sessionStorage.setItem('portal.draft.smwong25.recoveryEmail', 'typed@example.org');
    window.sessionStorage.setItem('oidc.pending-state', '{}');
    storeUser({ access_token: 't', refresh_token: 'rt', expires_at: inAnHour() });
    const { channel, posted } = testChannel();
    const session = createSession({ channel, now: () => 5000 });
    expect(session.end()).toMatchObject({ access_token: 't', refresh_token: 'rt' });
    expect(posted).toEqual(['signed-out']);
    expect(Object.keys(window.sessionStorage)).toEqual(['portal.endedPage']);
    expect(Object.keys(window.localStorage).sort()).toEqual(['mantine-color-scheme-value', 'portal.language', 'portal.signedOutAt']);
    expect(window.localStorage.getItem('portal.signedOutAt')).toBe('5000');
    expect(session.ended()).toBe(true);
    // A token stored after the end (a renewal that raced it) is handed out to nobody.
    storeUser({ access_token: 'late', expires_at: inAnHour() });
    expect(session.accessToken()).toBeUndefined();
  });

  it("the end is this page's: the tab's next page may sign in afresh", () => {
    createSession({ page: 'first' }).end();
    expect(createSession({ page: 'first' }).ended()).toBe(true);
    expect(createSession({ page: 'next' }).ended()).toBe(false);
  });

  it("a logout in another tab ends this tab's session; a tab without one, or a message without a logout, is left alone", () => {
    const { channel, deliver } = testChannel();
    const session = createSession({ channel });
    const listener = vi.fn();
    session.onEndedElsewhere(listener);

    window.localStorage.setItem('portal.signedOutAt', String(Date.now() + 1000));
    deliver('signed-out');
    expect(listener).not.toHaveBeenCalled();
    expect(session.ended()).toBe(false);

    window.localStorage.removeItem('portal.signedOutAt');
    storeUser({ access_token: 't', refresh_token: 'rt', expires_at: inAnHour() });
    window.sessionStorage.setItem('portal.draft.smwong25.recoveryEmail', 'typed');
    // A forged or stray message, with no logout recorded, ends nothing.
    deliver('signed-out');
    expect(listener).not.toHaveBeenCalled();
    expect(session.accessToken()).toBe('t');

    window.localStorage.setItem('portal.signedOutAt', String(Date.now() + 1000));
    deliver('something else');
    expect(listener).not.toHaveBeenCalled();
    deliver('signed-out');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ access_token: 't', refresh_token: 'rt' }));
    expect(Object.keys(window.sessionStorage)).toEqual(['portal.endedPage']);
    expect(session.accessToken()).toBeUndefined();
    expect(session.ended()).toBe(true);
    deliver('signed-out');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a tab that slept through the logout (back-forward cache, discarded, reopened) hands out no token, and ends when it looks', () => {
    storeUser({ access_token: 't', expires_at: inAnHour() });
    window.sessionStorage.setItem('portal.signedInAt', '1000');
    window.localStorage.setItem('portal.signedOutAt', '2000');
    const session = createSession();
    const listener = vi.fn();
    session.onEndedElsewhere(listener);
    expect(session.accessToken()).toBeUndefined();
    session.endIfLoggedOutElsewhere();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('a watching session looks again when the logout time changes in another tab', () => {
    const session = createSession({ watch: true });
    const listener = vi.fn();
    session.onEndedElsewhere(listener);
    storeUser({ access_token: 't', expires_at: inAnHour() });
    window.localStorage.setItem('portal.signedOutAt', String(Date.now() + 1000));
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.signedOutAt' }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a sign-in recorded before the last logout predates it; one recorded after does not', () => {
    window.localStorage.setItem('portal.signedOutAt', '2000');
    const session = createSession();
    expect(session.recordSignIn(1000)).toBe(true);
    expect(window.sessionStorage.getItem('portal.signedInAt')).toBe('1000');
    expect(session.recordSignIn(3000)).toBe(false);
  });
});

describe('tabCredentials', () => {
  it('reads the stored session on every call', () => {
    expect(tabCredentials.accessToken()).toBeUndefined();
    storeUser({ access_token: 'now-stored', expires_at: inAnHour() });
    expect(tabCredentials.accessToken()).toBe('now-stored');
    expect(tabCredentials.signedOut()).toBe(false);
    createSession().end();
    expect(tabCredentials.accessToken()).toBeUndefined();
    expect(tabCredentials.signedOut()).toBe(true);
  });

  it('is the tab session the router reads: a logout in another tab that this tab has not heard of ends it at the first look, for both', () => {
    const told = vi.fn();
    tabSession().onEndedElsewhere(told);
    storeUser({ access_token: 't', expires_at: inAnHour() });
    window.sessionStorage.setItem('portal.signedInAt', '1000');
    expect(tabCredentials.signedOut()).toBe(false);
    window.localStorage.setItem('portal.signedOutAt', '2000');
    // The fetch function's look ends the session here, as the router's would, and says so.
    expect(tabCredentials.signedOut()).toBe(true);
    expect(tabCredentials.accessToken()).toBeUndefined();
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
    expect(told).toHaveBeenCalledTimes(1);
    expect(tabSession().signedOut()).toBe(true);
  });
});
