import { createRouter } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { routeTree } from '../../routeTree.gen';
import { isUnderTheGuard, type RouterContext } from '../../routerContext';
import { OIDC_PREFIX } from '../storage/storageKeys';
import { firstStep, holdsSession, needsSession } from './firstStep';

const NOW = 1_800_000_000;
const user = (expiresAt: number) => JSON.stringify({ access_token: 'token', expires_at: expiresAt, profile: { sub: 'u1' } });

function storageWith(entries: Record<string, string>): Storage {
  const storage = window.sessionStorage;
  storage.clear();
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
  return storage;
}

const at = (href: string) => {
  const url = new URL(href, 'https://portal.example.edu');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('firstStep', () => {
  const live = { [`${OIDC_PREFIX}user:https://sso.example.edu:portal`]: user(NOW + 600) };
  it.each([
    ['a signed-in page without a session: sign in, back to it', '/profile/details?tab=1#x', {}, { signIn: { returnTo: '/profile/details?tab=1#x' } }],
    ['/profile without a session', '/profile', {}, { signIn: { returnTo: '/profile' } }],
    ['/ without a session: sign in, then the profile', '/', {}, { signIn: {} }],
    ['a signed-in page with a live session: the app', '/profile/mfa', live, { app: true }],
    ['/ with a live session: the app (which goes on to the profile)', '/', live, { app: true }],
    // The app renews it, or finds that a logout in another tab voided it: no sign-in starts by itself.
    ['an expired session: the app', '/profile/password', { [`${OIDC_PREFIX}user:x:y`]: user(NOW - 1) }, { app: true }],
    [
      'a stored user that does not parse: sign in',
      '/profile/details',
      { [`${OIDC_PREFIX}user:x:y`]: '{not json' },
      { signIn: { returnTo: '/profile/details' } },
    ],
    [
      'a token under another key: not a session',
      '/profile/details',
      { 'portal.user': user(NOW + 600) },
      { signIn: { returnTo: '/profile/details' } },
    ],
    ['the sign-in callback: the app', '/auth/default/callback?code=c&state=s', {}, { app: true }],
    ['a public page: the app', '/signed-out', {}, { app: true }],
    ['a look-alike of a signed-in page: the app (its not-found page)', '/profiles', {}, { app: true }],
    ['the identity provider hand-off pages: the app', '/idp/instructions?code=x', {}, { app: true }],
  ])('%s', (_case, href, stored, expected) => {
    expect(firstStep(at(href), storageWith(stored))).toEqual(expected);
  });

  it('reads a stored user in the shape oidc-client-ts writes, and no other', () => {
    expect(holdsSession(storageWith(live))).toBe(true);
    expect(holdsSession(storageWith({ [`${OIDC_PREFIX}user:x:y`]: JSON.stringify({ access_token: '', profile: { sub: 'u' } }) }))).toBe(false);
    expect(holdsSession(storageWith({ [`${OIDC_PREFIX}user:x:y`]: JSON.stringify({ access_token: 't' }) }))).toBe(false);
  });
});

/** Every page's full path, and whether it sits under the sign-in guard (/_authenticated). */
function pages(): { path: string; guarded: boolean }[] {
  // Only the route tree is read: nothing loads, so no context is needed.
  const router = createRouter({ routeTree, context: {} as RouterContext });
  return Object.values(router.routesById as unknown as Record<string, { id: string; fullPath: string; children?: unknown }>)
    .filter((route) => !route.children && route.id !== '__root__')
    .map((route) => ({ path: route.fullPath, guarded: isUnderTheGuard(route.id) }));
}

describe('needsSession', () => {
  it('is true for every page under the sign-in guard and / (which sends a visitor to sign in), false for every other page', () => {
    const all = pages();
    expect(all.filter((route) => route.guarded).length).toBeGreaterThan(5);
    for (const route of all) {
      const path = route.path.replace(/\$[A-Za-z]+/g, 'x');
      expect([route.path, needsSession(path)]).toEqual([route.path, route.guarded || route.path === '/']);
    }
  });
});
