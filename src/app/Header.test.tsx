import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { getGetFactorsMockHandler } from '../../generated/api/factors/factors.msw';
import { example } from '../../tests/support/examples';
import { renderRoute } from '../../tests/support/renderRoute';
import { server } from '../../tests/support/server';

/** The spec's menu (section 2), in its order. */
const SPEC_MENU = ['Profile', 'Change Password', 'Set up MFA', 'Set up Security Questions', 'Previous Login'];

/** Where the menu's links go, in its order, read from the page whether the menu is open or not: a page the portal adds is among them. */
const menuAddresses = () =>
  within(screen.getByRole('navigation', { name: 'Account menu', hidden: true }))
    .getAllByRole('link', { hidden: true })
    .map((link) => link.getAttribute('href'));

describe('signed-in shell', () => {
  it("shows the logo, the user's name linking home, the page and the footer", async () => {
    renderRoute('/profile/details');
    const home = await screen.findByRole('link', { name: 'Home: Siu Ming Wong' });
    expect(home).toHaveAttribute('href', '/');
    expect(within(home).getByText('Siu Ming Wong')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(screen.getByText('All rights reserved, City University, 2021')).toBeInTheDocument();
  });

  it('lists the menu in spec order and highlights the current page', async () => {
    const { user } = renderRoute('/profile/password');
    await screen.findByRole('link', { name: 'Home: Siu Ming Wong' });
    await screen.findByLabelText('Current password');
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('navigation', { name: 'Account menu' })).getAllByRole('link');
    // The spec's five, in the spec's order, among whatever pages the portal adds.
    expect(items.map((item) => item.textContent).filter((text) => SPEC_MENU.includes(text!))).toEqual(SPEC_MENU);
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('starts loading every other page of the menu, code and data, when the menu opens', async () => {
    const { user, router } = renderRoute('/profile/password');
    await screen.findByLabelText('Current password');
    const preload = vi.spyOn(router, 'preloadRoute');
    const requested: string[] = [];
    const listener = ({ request }: { request: Request }) => void requested.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    const others = menuAddresses().filter((to) => to !== '/profile/password');
    expect(others).toEqual(expect.arrayContaining(['/profile/details', '/profile/mfa', '/profile/question', '/profile/login']));
    await waitFor(() => expect(preload.mock.calls.map(([options]) => options.to)).toEqual(others));
    // The login history's loader ran: its first page is on its way before any click.
    await waitFor(() => expect(requested).toContain('/api/v1/user/log'));
  });

  it("loads no other page's code or data before an intent: the first page settles with its own", async () => {
    const requested: string[] = [];
    const listener = ({ request }: { request: Request }) => void requested.push(new URL(request.url).pathname);
    server.events.on('request:start', listener);
    onTestFinished(() => server.events.removeListener('request:start', listener));
    const { router } = renderRoute('/profile/details');
    const loadChunk = vi.spyOn(router, 'loadRouteChunk');
    const preload = vi.spyOn(router, 'preloadRoute');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    // Past the first paint and the moments the browser would call idle (a task each, in jsdom).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loadChunk).not.toHaveBeenCalled();
    expect(preload).not.toHaveBeenCalled();
    expect(requested).not.toContain('/api/v1/user/log');
    expect(requested).not.toContain('/api/v1/user/credential/password/policy');
  });

  it('leaves Security Questions out of the menu without a question factor', async () => {
    const factors = example<{ factors: Array<{ factorType: string }> }>('getFactors', 'full');
    server.use(getGetFactorsMockHandler({ factors: factors.factors.filter((f) => f.factorType !== 'question') } as never));
    const { user } = renderRoute('/profile/details');
    await screen.findByRole('link', { name: /Home: Siu Ming Wong/ });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const items = within(screen.getByRole('navigation', { name: 'Account menu' })).getAllByRole('link');
    expect(items.map((item) => item.textContent).filter((text) => SPEC_MENU.includes(text!))).toEqual(
      SPEC_MENU.filter((text) => text !== 'Set up Security Questions'),
    );
  });

  it('navigates from the menu and closes it, also on an outside click and on Escape', async () => {
    const { user, router } = renderRoute('/profile/details');
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Previous Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/login'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // The chosen page has the focus, not the top of the document.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(screen.queryByRole('link', { name: 'Previous Login' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Previous Login' })).toBeInTheDocument();

    await user.click(button);
    expect(screen.getByRole('link', { name: 'Profile' })).toBeVisible();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    // From the keyboard: open, move into the links, Escape closes and gives focus back.
    button.focus();
    await user.keyboard('{Enter}');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    // Tabbing past the last link closes the list, so it never covers what has the focus.
    await user.keyboard('{Enter}');
    const links = within(screen.getByRole('navigation', { name: 'Account menu' })).getAllByRole('link');
    for (let i = 0; i < links.length; i += 1) await user.tab();
    expect(links.at(-1)).toHaveFocus();
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out: ends the server sessions with the captured token, empties the query cache, and signs out at the identity provider', async () => {
    const bearers: Array<string | null> = [];
    server.use(
      http.delete(
        '*/api/v1/user/sessions',
        ({ request }) => (bearers.push(request.headers.get('Authorization')), HttpResponse.json({ status: true })),
      ),
    );
    const { user, auth, queryClient, router } = renderRoute('/profile/details');
    await screen.findByTestId('header-user-name');
    expect(queryClient.getQueryCache().getAll().length).toBeGreaterThan(0);
    const logout = await screen.findByRole('button', { name: 'Logout' });
    // What it does is said before it is done.
    expect(logout).toHaveAccessibleDescription('Signs you out on every device and in every tab.');
    await user.click(logout);
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(bearers).toEqual(['Bearer test-access-token']));
    // The signed-in pages leave the screen, so nothing rebuilds what the cache held.
    await waitFor(() => expect(router.state.location.pathname).toBe('/signed-out'));
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toEqual([]));
    expect(screen.getByText('Signing you out on every device and in every tab...')).toBeInTheDocument();
  });

  it('a 401 on ending the sessions during logout starts no sign-in', async () => {
    server.use(http.delete('*/api/v1/user/sessions', () => HttpResponse.json({ errorMessage: 'Token expired' }, { status: 401 })));
    const { user, auth } = renderRoute('/profile/details');
    // This auth never reports the logout, so only the way the logout makes its call (never
    // through the query cache's 401 path) keeps a sign-in from starting here.
    auth.signOut.mockImplementation(
      async ({ endServerSessions } = {}) => void (await endServerSessions?.('test-access-token').catch(() => undefined)),
    );
    const logout = await screen.findByRole('button', { name: 'Logout' });
    // What it does is said before it is done.
    expect(logout).toHaveAccessibleDescription('Signs you out on every device and in every tab.');
    await user.click(logout);
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(screen.queryByText('Token expired')).not.toBeInTheDocument();
  });

  it('still signs out when ending the server sessions fails, without an error toast', async () => {
    let ended = 0;
    server.use(
      http.delete('*/api/v1/user/sessions', () => {
        ended += 1;
        return HttpResponse.json({ errorMessage: 'Session store down' }, { status: 500 });
      }),
    );
    const { user, auth } = renderRoute('/profile/details');
    const logout = await screen.findByRole('button', { name: 'Logout' });
    // What it does is said before it is done.
    expect(logout).toHaveAccessibleDescription('Signs you out on every device and in every tab.');
    await user.click(logout);
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    expect(ended).toBe(1);
    expect(screen.queryByText('Session store down')).not.toBeInTheDocument();
  });

  it('shows a failed call as a toast with the server errorMessage', async () => {
    server.use(http.get('*/api/v1/user/profile', () => HttpResponse.json({ errorMessage: 'Profile service unavailable' }, { status: 503 })));
    renderRoute('/profile/details');
    // The toast viewport loads with the first toast.
    const message = await screen.findByText('Profile service unavailable');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getAllByText('Profile service unavailable')).toHaveLength(1);
  });

  it('shows a not-found page for an unknown path, repeating none of the address (a link someone sent could put words there)', async () => {
    renderRoute('/profile/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you asked for does not exist. Check the address, or start again from your profile.')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('nowhere');
  });
});

describe('an ended session', () => {
  it('signs in again and comes back to the same page when the server answers 401', async () => {
    server.use(http.get('*/api/v1/user/profile', () => HttpResponse.json({ errorMessage: 'Token expired' }, { status: 401 })));
    const { auth } = renderRoute('/profile/password');
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/password' }));
    expect(screen.queryByText('Token expired')).not.toBeInTheDocument();
  });
});
