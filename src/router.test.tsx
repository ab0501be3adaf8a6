import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from './router';
import { browser } from './shared/navigation/browser';
import { fakeAuth, renderRoute } from '../tests/support/renderRoute';
import { server } from '../tests/support/server';

function recordRequests() {
  const urls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    urls.push(new URL(request.url).pathname);
  });
  return urls;
}

describe('the router: which pages need a sign-in', () => {
  it('sends a visitor of a signed-in page to sign in, remembering the page', async () => {
    const auth = fakeAuth({ signedIn: false });
    const requests = recordRequests();
    const { router } = renderRoute('/profile/mfa?x=1', { auth });

    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/mfa?x=1' }));
    expect(router.state.location.pathname).toBe('/auth/default/login');
    expect(await screen.findByText('Redirecting you to the university sign-in...')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('says so when the university sign-in cannot be reached, and offers to try again', async () => {
    const auth = fakeAuth({ signedIn: false });
    auth.signIn.mockRejectedValue(new Error('Failed to fetch'));
    renderRoute('/profile/details', { auth });
    expect(await screen.findByRole('alert')).toHaveTextContent('The university sign-in could not be reached. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('Redirecting you to the university sign-in...')).not.toBeInTheDocument();
  });

  it('shows a not-found page for an unknown address, to a visitor without a session too', async () => {
    const auth = fakeAuth({ signedIn: false });
    renderRoute('/no/such/page', { auth });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends a visitor of / to sign in', async () => {
    const auth = fakeAuth({ signedIn: false });
    renderRoute('/', { auth });
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledTimes(1));
  });

  it.each([
    ['/auth/default/login?returnTo=%2Fprofile%2Fmfa', '/profile/mfa'],
    ['/auth/default/login', '/profile/details'],
    ['/auth/default/login?returnTo=https%3A%2F%2Fevil.example%2F', '/profile/details'],
  ])('sends a signed-in user from %s on to %s without a second sign-in', async (path, expected) => {
    const auth = fakeAuth();
    const { router } = renderRoute(path, { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('sends a signed-in user from / to their profile details', async () => {
    const { router } = renderRoute('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  });

  it.each(['/idp/instructions?error=x&error_description=Access%20denied', '/idp/link/iamsmart/success', '/auth/apple/callback?code=1&state=forged'])(
    'fetches no data on the public route %s',
    async (path) => {
      const auth = fakeAuth({ signedIn: true });
      const requests = recordRequests();
      renderRoute(path, { auth });
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
      expect(requests).toEqual([]);
    },
  );

  it('treats an unknown social provider as a page that does not exist', async () => {
    renderRoute('/auth/myspace/login');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('an intent (a link hovered or focused, the menu opened) preloads no step of a flow', () => {
  // Every route of the tree with a loader, its parameters filled in, with the search a flow's page is visited with.
  const PARAMS = { provider: 'google', factorType: 'sms' };
  const SEARCH = { code: 'a-code', state: 'a-state', returnTo: '/profile/mfa' };

  it('preloading every route of the tree changes nothing: no sign-in, no redemption, no call that writes, no stored mark', async () => {
    const auth = fakeAuth();
    const { router } = renderRoute('/profile/details', { auth });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const routes = Object.values(router.routesById).filter((route) => route.options.loader && route.id !== '/_authenticated');
    expect(routes.length).toBeGreaterThan(5);
    const writes: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method !== 'GET') writes.push(`${request.method} ${new URL(request.url).pathname}`);
    });
    const stored = [vi.spyOn(Storage.prototype, 'setItem'), vi.spyOn(Storage.prototype, 'removeItem')];
    for (const route of routes) {
      await router.preloadRoute({ to: route.to, params: PARAMS, search: SEARCH } as never);
    }
    expect(writes).toEqual([]);
    for (const step of [auth.signIn, auth.completeSignIn, auth.signOut, auth.forgetUser, auth.renew]) expect(step).not.toHaveBeenCalled();
    expect(browser.assign).not.toHaveBeenCalled();
    for (const spy of stored) expect(spy.mock.calls.filter(([key]) => !String(key).startsWith('REACT_QUERY'))).toEqual([]);
    expect(router.state.location.pathname).toBe('/profile/details');
  });
});

describe('docs/pages.md', () => {
  it('names every page of the route tree, and no address the tree does not have', () => {
    const router = createAppRouter({ auth: fakeAuth(), queryClient: new QueryClient() });
    // Every address of the tree (a route with none below it), as the document writes it.
    const pages = Object.values(router.routesById)
      .filter((route) => !route.children)
      .map((route) => (route.fullPath.replace(/(.)\/$/, '$1') as string).replace(/\$(\w+)/g, '{$1}'));
    const named = [...readFileSync('docs/pages.md', 'utf8').matchAll(/`(\/[^`\s]*)`/g)].map(([, address]) => address!);
    expect(pages.length).toBeGreaterThan(10);
    expect(
      pages.filter((page) => !named.includes(page)),
      'pages the document does not name',
    ).toEqual([]);
    expect(
      named.filter((address) => !pages.includes(address)),
      'addresses in the document that are no page',
    ).toEqual([]);
  });
});
