import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { browser } from '../../shared/navigation/browser';
import { config } from '../../shared/config/config';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

const devOrigins = { ...config.socialAuthorizeOrigins };
afterEach(() => {
  config.socialAuthorizeOrigins = { ...devOrigins };
});

describe('/auth/{provider}/login', () => {
  it("asks iAM Smart for its authorize address without a state and goes there: on iAM Smart's own host", async () => {
    config.socialAuthorizeOrigins = {};
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/auth/:provider/authorize', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json('https://apps.iamsmart.gov.hk/authorize?client=1');
      }),
    );
    renderRoute('/auth/iamsmart/login');
    expect(await screen.findByText('Taking you to iAM Smart...')).toBeInTheDocument();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://apps.iamsmart.gov.hk/authorize?client=1'));
    expect(new URL(asked[0]!).searchParams.has('state')).toBe(false);
  });

  it("sends a fresh 32-character state for Google and keeps it in this tab's session storage for the callback", async () => {
    let state: string | null = null;
    server.use(
      http.get('*/api/v1/auth/google/authorize', ({ request }) => {
        state = new URL(request.url).searchParams.get('state');
        return HttpResponse.json('/auth/google/callback?code=abc');
      }),
    );
    renderRoute('/auth/google/login');
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('/auth/google/callback?code=abc'));
    expect(state).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(window.sessionStorage.getItem('socialState.google')).toBe(state);
    expect(window.localStorage.getItem('socialState.google')).toBeNull();
  });

  it.each([
    ['a failed call', () => HttpResponse.json({ errorMessage: 'Provider offline' }, { status: 502 })],
    ['an empty answer', () => HttpResponse.json('')],
    ['a javascript: address', () => HttpResponse.json('javascript:alert(document.cookie)')],
    ["an address off Facebook's host", () => HttpResponse.json('https://evil.example/dialog/oauth')],
    ["an address on the portal's own origin where Facebook's is pinned", () => HttpResponse.json('/auth/facebook/callback?code=x')],
  ])('goes silently to / after %s', async (_, answer) => {
    config.socialAuthorizeOrigins = {};
    server.use(http.get('*/api/v1/auth/:provider/authorize', answer));
    const { router } = renderRoute('/auth/facebook/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(browser.assign).not.toHaveBeenCalled();
    expect(screen.queryByText('Provider offline')).not.toBeInTheDocument();
  });

  it('asks once per visit: not again for the same address, again on a later visit, never for a hover preload', async () => {
    config.socialAuthorizeOrigins = { google: 'https://provider.example' };
    const asked: string[] = [];
    server.use(
      http.get(
        '*/api/v1/auth/:provider/authorize',
        ({ request }) => (asked.push(new URL(request.url).pathname), HttpResponse.json('https://provider.example/authorize')),
      ),
    );
    const { router } = renderRoute('/auth/google/login');
    await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(1));
    await act(() => router.navigate({ to: '/auth/$provider/login', params: { provider: 'google' } }));
    await act(() => router.preloadRoute({ to: '/auth/$provider/login', params: { provider: 'apple' } }));
    expect(asked).toEqual(['/api/v1/auth/google/authorize']);
    await act(() => router.navigate({ to: '/profile/details' }));
    await act(() => router.navigate({ to: '/auth/$provider/login', params: { provider: 'google' } }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalledTimes(2));
    expect(asked).toEqual(['/api/v1/auth/google/authorize', '/api/v1/auth/google/authorize']);
  });
});
