import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/browser';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { readLinkState, writeLinkState } from './linkState';

const CENTRAL_SIGN_IN = 'http://localhost:9000';
const CENTRAL_SIGN_OUT = 'http://localhost:9000/session/end';

afterEach(() => {
  vi.useRealTimers();
});

function token(payload: object) {
  return `eyJhbGciOiJub25lIn0.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.`;
}

describe('/auth/{provider}/login', () => {
  it('asks iAM Smart for its authorize address without a state and goes there', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/v1/auth/:provider/authorize', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json('https://iamsmart.example/authorize?client=1');
      }),
    );
    renderRoute('/auth/iamsmart/login');
    expect(await screen.findByText('Taking you to iAM Smart...')).toBeInTheDocument();
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://iamsmart.example/authorize?client=1'));
    expect(new URL(asked[0]!).searchParams.has('state')).toBe(false);
  });

  it('sends a fresh 32-character state for Google and keeps it for the callback', async () => {
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
    expect(window.localStorage.getItem('socialState.google')).toBe(state);
  });

  it.each([
    ['a failed call', () => HttpResponse.json({ errorMessage: 'Provider offline' }, { status: 502 })],
    ['an empty answer', () => HttpResponse.json('')],
    ['a javascript: address', () => HttpResponse.json('javascript:alert(document.cookie)')],
  ])('goes silently to / after %s', async (_, answer) => {
    server.use(http.get('*/api/v1/auth/:provider/authorize', answer));
    const { router } = renderRoute('/auth/facebook/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(browser.assign).not.toHaveBeenCalled();
    expect(screen.queryByText('Provider offline')).not.toBeInTheDocument();
  });
});

describe('/auth/{provider}/callback', () => {
  const linking = (idpId?: string) =>
    writeLinkState({ mode: 'startLinkIdp', link: { ...(idpId ? { idpId } : {}), idpName: 'google' } });

  it('exchanges the code, stores the external id and signs in again with the provider scope', async () => {
    window.localStorage.setItem('socialState.google', 'S'.repeat(32));
    linking('0oa4google');
    const bodies: unknown[] = [];
    server.use(http.post('*/api/v1/auth/google/token', async ({ request }) => (bodies.push(await request.json()), HttpResponse.json(example('exchangeSocialCode', 'full')))));
    const { auth } = renderRoute(`/auth/google/callback?code=g-code&state=${'S'.repeat(32)}`);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid google', returnTo: '/profile' }));
    expect(bodies).toEqual([{ code: 'g-code' }]);
    expect(readLinkState()).toEqual({
      mode: 'startLinkIdp',
      link: { idpId: '0oa4google', idpName: 'google', externalId: expect.stringMatching(/^ext-/) },
    });
    expect(window.localStorage.getItem('socialState.google')).toBeNull();
  });

  it('uses the iAM Smart tokenized-id call for iamsmart', async () => {
    writeLinkState({ mode: 'startLinkIdp', link: { idpId: '0oa1smart', idpName: 'iamsmart' } });
    const bodies: unknown[] = [];
    server.use(http.post('*/api/v1/_/iamsmart/tokenized-id', async ({ request }) => (bodies.push(await request.json()), HttpResponse.json(example('getIamSmartTokenizedId', 'new-user')))));
    const { auth } = renderRoute('/auth/iamsmart/callback?code=mock-iamsmart-code');
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid iamsmart', returnTo: '/profile' }));
    expect(bodies).toEqual([{ code: 'mock-iamsmart-code', idp: 'iamsmart', state: '' }]);
    expect(readLinkState()).toMatchObject({ link: { externalId: 'ext-iamsmart-5566778899' } });
  });

  it('refuses a state that does not match the one this browser sent, and links nothing', async () => {
    window.localStorage.setItem('socialState.google', 'S'.repeat(32));
    linking('0oa4google');
    let exchanged = false;
    server.use(http.post('*/api/v1/auth/google/token', () => ((exchanged = true), HttpResponse.json(example('exchangeSocialCode', 'full')))));
    const { auth } = renderRoute(`/auth/google/callback?code=g-code&state=${'X'.repeat(32)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in response does not match the request made from this browser, so nothing was linked.',
    );
    expect(exchanged).toBe(false);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['No external id found', () => linking('0oa4google'), token({ iss: 'x' })],
    ['Unknown action', () => undefined, token({ sub: 'ext-1' })],
    ['No idp id found', () => linking(), token({ sub: 'ext-1' })],
  ])("shows '%s'", async (message, arrange, idToken) => {
    arrange();
    window.localStorage.setItem('socialState.google', 'S'.repeat(32));
    server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json({ id_token: idToken })));
    const { auth } = renderRoute(`/auth/google/callback?code=c&state=${'S'.repeat(32)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('reads access_token when there is no id_token', async () => {
    writeLinkState({ mode: 'startLinkIdp', link: { idpId: '0oa3linkedin', idpName: 'linkedin' } });
    window.localStorage.setItem('socialState.linkedin', 'L'.repeat(32));
    server.use(http.post('*/api/v1/auth/linkedin/token', () => HttpResponse.json(example('exchangeSocialCode', 'access-token-only'))));
    const { auth } = renderRoute(`/auth/linkedin/callback?code=c&state=${'L'.repeat(32)}`);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalled());
  });

  it('goes to the central sign-in host when the token call fails', async () => {
    linking('0oa4google');
    window.localStorage.setItem('socialState.google', 'S'.repeat(32));
    server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json({ errorMessage: 'invalid_grant' }, { status: 400 })));
    renderRoute(`/auth/google/callback?code=c&state=${'S'.repeat(32)}`);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(CENTRAL_SIGN_IN));
  });

  it('goes to / without a code', async () => {
    const { router } = renderRoute('/auth/google/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
  });
});

describe('automatic link at /profile', () => {
  it('links, shows the success page, and goes to the central sign-out page after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    writeLinkState({ mode: 'startLinkIdp', link: { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-iamsmart-5566778899' } });
    const linked: unknown[] = [];
    server.use(http.post('*/api/v1/user/idps/:idpId', async ({ params, request }) => (linked.push([params.idpId, await request.json()]), HttpResponse.json({ status: true }))));
    const { router } = renderRoute('/profile');

    expect(
      await screen.findByText('Link up Success - Now you can log on with iAM Smart, you will be redirected to the log on page'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/idp/link/iamsmart/success');
    expect(linked).toEqual([['0oa1smart', { externalId: 'ext-iamsmart-5566778899' }]]);
    expect(readLinkState()).toEqual({ mode: 'normal' });

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(browser.assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(browser.assign).toHaveBeenCalledWith(CENTRAL_SIGN_OUT);
    // The 'Link successfully' toast (its viewport loads with the first toast).
    expect(await screen.findByText('Link successfully')).toBeInTheDocument();
  });

  it('on failure waits 3 s, then goes to the identity provider host', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    writeLinkState({ mode: 'startLinkIdp', link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-g' } });
    server.use(http.post('*/api/v1/user/idps/:idpId', () => HttpResponse.json({ errorMessage: 'Identity already linked to another account' }, { status: 409 })));
    renderRoute('/profile');
    expect(await screen.findByText('Identity already linked to another account')).toBeInTheDocument();
    expect(screen.getByText('You will be taken to the university sign-in in 3 seconds.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(browser.assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(browser.assign).toHaveBeenCalledWith(CENTRAL_SIGN_IN);
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });

  it('without a link in progress, /profile is the profile details', async () => {
    const { router } = renderRoute('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
  });
});

describe('/idp/instructions', () => {
  it.each(['User creation was disabled.', '用戶創建已被禁用', '用户创建已禁用'])(
    "'%s' asks which provider the code is for and starts linking it",
    async (description) => {
      const asked: string[] = [];
      server.use(http.get('*/oauth/provider', ({ request }) => (asked.push(request.url), HttpResponse.json({ provider: 'google' }))));
      server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json(example('exchangeSocialCode', 'full'))));
      const { router, auth } = renderRoute(`/idp/instructions?code=google-123&state=st-1&error=access_denied&error_description=${encodeURIComponent(description)}`);
      await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid google', returnTo: '/profile' }));
      expect(asked).toEqual(['http://localhost:9000/oauth/provider?code=google-123']);
      expect(router.state.location.pathname).toBe('/idp/link/google');
      expect(router.state.location.search).toEqual({ code: 'google-123', state: 'st-1' });
      expect(readLinkState()).toMatchObject({ mode: 'startLinkIdp', link: { idpName: 'google' } });
    },
  );

  it('shows any other error with its description, state and a Back button', async () => {
    renderRoute('/idp/instructions?error=access_denied&error_description=The%20user%20cancelled&state=abc123');
    expect(await screen.findByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('access_denied')).toBeInTheDocument();
    expect(screen.getByText('The user cancelled')).toBeInTheDocument();
    expect(screen.getByText('abc123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', CENTRAL_SIGN_IN);
  });

  it('never follows a provider it does not know', async () => {
    server.use(http.get('*/oauth/provider', () => HttpResponse.json({ provider: 'https://evil.example' })));
    const { router } = renderRoute('/idp/instructions?code=x&error_description=User%20creation%20was%20disabled');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The identity provider named a provider this portal does not know, so nothing was linked.',
    );
    expect(router.state.location.pathname).toBe('/idp/instructions');
  });
});
