import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createAppRouter } from '../../src/router';
import { createQueryClient } from '../../src/shared/api/queryClient';
import type { Auth } from '../../src/shared/auth/auth';
import { createReauthenticator } from '../../src/shared/auth/reauthenticate';
import { createSession, userStorageKey } from '../../src/shared/auth/session';
import { browser } from '../../src/shared/navigation/browser';
import { AppProviders } from '../../src/app/AppProviders';

export type FakeAuth = { [K in keyof Auth]: Auth[K] & ReturnType<typeof vi.fn> } & {
  /** The access token of its user, which renderRoute stores where the fetch function reads it. */
  token?: string;
};

/**
 * An Auth whose user is signed in (or not, or only with the expired session of whoever used the
 * tab: known by name, but no session) and whose redirects are recorded, not followed.
 */
export function fakeAuth({ signedIn = true, token = 'test-access-token', sub = 'smwong25', expired = false } = {}): FakeAuth {
  const user = signedIn ? { access_token: token, profile: { sub } } : null;
  const auth = {
    getUser: vi.fn(async () => (expired ? null : user)),
    token: user?.access_token,
    signIn: vi.fn(async () => undefined),
    isPendingSignIn: vi.fn(() => true),
    completeSignIn: vi.fn(async () => ({ returnTo: '/profile', subject: sub, stepUp: false })),
    renew: vi.fn(async () => true),
    expiresAt: vi.fn(() => undefined),
    subject: vi.fn(() => user?.profile.sub),
    signedOut: vi.fn(() => false),
    forgetUser: vi.fn(async () => undefined),
    // Like the real one: the session is forgotten, then the server sessions end with the captured token.
    signOut: vi.fn(async ({ endServerSessions, leaveTo }: { endServerSessions?: (token: string) => Promise<unknown>; leaveTo?: string } = {}) => {
      auth.signedOut.mockReturnValue(true);
      // The fetch function reads the stored session, which the real logout ends at once.
      createSession().end();
      if (user) await endServerSessions?.(user.access_token).catch(() => undefined);
      if (leaveTo) browser.assign(leaveTo);
    }),
    onSignedOutElsewhere: vi.fn(() => () => undefined),
  } as FakeAuth;
  return auth;
}

/**
 * Renders the real app (route tree, providers, generated hooks) at `path`, against the MSW
 * handlers generated from the contract, with retries off so failures show at once.
 */
export function renderRoute(path: string, { auth = fakeAuth() }: { auth?: FakeAuth } = {}) {
  // The fetch function takes its token from the stored session, as after a real sign-in.
  const { token } = auth;
  if (token) window.sessionStorage.setItem(userStorageKey(), JSON.stringify({ access_token: token, profile: { sub: auth.subject() } }));
  const queryClient = createQueryClient({
    retry: false,
    onUnauthorized: createReauthenticator(auth, { here: () => `${router.state.location.pathname}${router.state.location.searchStr}` }),
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ auth, queryClient }, history);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, auth, user };
}
