import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { createAppRouter } from '../../src/router';
import { setAccessTokenSource } from '../../src/shared/api/fetcher';
import { createQueryClient } from '../../src/shared/api/queryClient';
import type { Auth } from '../../src/shared/auth/auth';
import { AppProviders } from '../../src/shared/ui/AppProviders';

export type FakeAuth = { [K in keyof Auth]: Auth[K] & ReturnType<typeof vi.fn> };

/** An Auth whose user is signed in (or not) and whose redirects are recorded, not followed. */
export function fakeAuth({ signedIn = true, token = 'test-access-token', sub = 'smwong25' } = {}): FakeAuth {
  const user = signedIn ? { access_token: token, profile: { sub } } : null;
  return {
    getUser: vi.fn(async () => user),
    accessToken: vi.fn(() => user?.access_token),
    signIn: vi.fn(async () => undefined),
    completeSignIn: vi.fn(async () => '/profile'),
    renew: vi.fn(async () => true),
    expiresAt: vi.fn(() => undefined),
    subject: vi.fn(() => user?.profile.sub),
    forgetUser: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
  } as FakeAuth;
}

/**
 * Renders the real app (route tree, providers, generated hooks) at `path`, against the MSW
 * handlers generated from the contract, with retries off so failures show at once.
 */
export function renderRoute(path: string, { auth = fakeAuth() }: { auth?: FakeAuth } = {}) {
  setAccessTokenSource(() => auth.accessToken());
  const queryClient = createQueryClient({
    retry: false,
    onUnauthorized: () => {
      void auth.signIn({ returnTo: `${router.state.location.pathname}${router.state.location.searchStr}` });
      return true;
    },
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
