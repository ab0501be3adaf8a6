import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/browser';
import { config } from '../../shared/config';
import { example } from '../../../tests/support/examples';
import { fakeAuth, renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { LINK_TAB_KEY } from '../../shared/storageKeys';
import {
  encodeLinkState,
  LINK_ATTEMPT_TTL_MS,
  markJustLinked,
  readLinkState,
  settleLinkAfterSignIn,
  startLinkAttempt,
  type LinkDetails,
} from './linkState';

const CENTRAL_SIGN_IN = 'http://localhost:9000';
const CENTRAL_SIGN_OUT = 'http://localhost:9000/session/end';
const STEP_UP = 'Bearer error="insufficient_user_authentication", max_age=300';

const devOrigins = { ...config.socialAuthorizeOrigins };
afterEach(() => {
  vi.useRealTimers();
  config.socialAuthorizeOrigins = { ...devOrigins };
});

/** A sign-in request this tab sent, as the OpenID library keeps it (oidc-client-ts's SigninState). */
function ownSignInState(id = 'a1b2c3d4e5f60718293a4b5c6d7e8f90') {
  window.sessionStorage.setItem(`oidc.${id}`, JSON.stringify({ id, created: Math.floor(Date.now() / 1000), request_type: 'si:r' }));
  return id;
}

function token(payload: object) {
  return `eyJhbGciOiJub25lIn0.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.`;
}

/** Records every link call the portal makes. */
function recordLinks() {
  const linked: unknown[] = [];
  server.use(
    http.post(
      '*/api/v1/user/idps/:idpId',
      async ({ params, request }) => (linked.push([params.idpId, await request.json()]), HttpResponse.json({ status: true })),
    ),
  );
  return linked;
}

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

describe('/auth/{provider}/callback', () => {
  const GOOGLE_STATE = 'S'.repeat(32);
  const linking = (link: LinkDetails = { idpId: '0oa4google', idpName: 'google' }) => {
    window.sessionStorage.setItem(`socialState.${link.idpName}`, GOOGLE_STATE);
    return startLinkAttempt(link, { owner: 'smwong25', phase: 'provider' });
  };
  /** Counts the code exchanges, answering with the contract's example. */
  function recordExchanges() {
    const bodies: unknown[] = [];
    const bearers: Array<string | null> = [];
    server.use(
      http.post('*/api/v1/auth/:provider/token', async ({ request }) => {
        bodies.push(await request.json());
        bearers.push(request.headers.get('Authorization'));
        return HttpResponse.json(example('exchangeSocialCode', 'full'));
      }),
      http.post('*/api/v1/_/iamsmart/tokenized-id', async ({ request }) => {
        bodies.push(await request.json());
        bearers.push(request.headers.get('Authorization'));
        return HttpResponse.json(example('getIamSmartTokenizedId', 'new-user'));
      }),
    );
    return { bodies, bearers };
  }

  it("exchanges the code (with the signed-in person's bearer), keeps the external account and starts a fresh sign-in carrying the attempt", async () => {
    const started = linking();
    const { bodies, bearers } = recordExchanges();
    const { auth, router } = renderRoute(`/auth/google/callback?code=g-code&state=${GOOGLE_STATE}`);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid google', returnTo: '/profile', link: started.nonce }));
    expect(bodies).toEqual([{ code: 'g-code' }]);
    expect(bearers).toEqual(['Bearer test-access-token']);
    expect(readLinkState()).toEqual({
      ...started,
      mode: 'startLinkIdp',
      phase: 'sign-in',
      link: { idpId: '0oa4google', idpName: 'google', externalId: 'ext-iamsmart-1029384756' },
    });
    expect(window.sessionStorage.getItem('socialState.google')).toBeNull();
    // The code and state left the address bar and this history entry.
    expect(router.state.location.href).toBe('/auth/google/callback');
  });

  it('uses the iAM Smart tokenized-id call for iamsmart', async () => {
    const started = linking({ idpId: '0oa1smart', idpName: 'iamsmart' });
    const { bodies } = recordExchanges();
    const { auth } = renderRoute('/auth/iamsmart/callback?code=mock-iamsmart-code');
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid iamsmart', returnTo: '/profile', link: started.nonce }));
    expect(bodies).toEqual([{ code: 'mock-iamsmart-code', idp: 'iamsmart', state: '' }]);
    expect(readLinkState()).toMatchObject({ link: { externalId: 'ext-iamsmart-5566778899' } });
  });

  it.each([
    ['no attempt is pending', () => undefined, 'Unknown action'],
    [
      "the pending attempt is another tab's",
      () => {
        linking({ idpId: '0oa1smart', idpName: 'iamsmart' });
        window.sessionStorage.removeItem(LINK_TAB_KEY);
      },
      'Unknown action',
    ],
    ['the pending attempt is for another provider', () => linking({ idpId: '0oa4google', idpName: 'google' }), 'Unknown action'],
    [
      'the pending attempt has expired',
      () => {
        vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.now() - LINK_ATTEMPT_TTL_MS - 1000 });
        linking({ idpId: '0oa1smart', idpName: 'iamsmart' });
        vi.useRealTimers();
      },
      'This link request has expired, so nothing was linked. Please start again from your profile.',
    ],
    ['the pending attempt has no idp id', () => linking({ idpName: 'iamsmart' }), 'No idp id found'],
  ])('refuses a forged iAM Smart callback when %s, exchanging nothing', async (_, arrange, message) => {
    arrange();
    const { bodies } = recordExchanges();
    const { auth } = renderRoute('/auth/iamsmart/callback?code=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(bodies).toEqual([]);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('refuses a state that does not match the one this tab sent, and links nothing', async () => {
    linking();
    const { bodies } = recordExchanges();
    const { auth } = renderRoute(`/auth/google/callback?code=g-code&state=${'X'.repeat(32)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in response does not match the request made from this browser, so nothing was linked.',
    );
    expect(bodies).toEqual([]);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it("shows 'No external id found' for a token without a subject", async () => {
    linking();
    server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json({ id_token: token({ iss: 'x' }) })));
    const { auth } = renderRoute(`/auth/google/callback?code=c&state=${GOOGLE_STATE}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No external id found');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('reads access_token when there is no id_token, and the verified email the token carries', async () => {
    linking({ idpId: '0oa3linkedin', idpName: 'linkedin' });
    server.use(
      http.post('*/api/v1/auth/linkedin/token', () =>
        HttpResponse.json({ access_token: token({ sub: 'li-1', email: 'tm@linkedin.example', email_verified: true }) }),
      ),
    );
    const { auth } = renderRoute(`/auth/linkedin/callback?code=c&state=${GOOGLE_STATE}`);
    await waitFor(() => expect(auth.signIn).toHaveBeenCalled());
    expect(readLinkState()).toMatchObject({
      link: { externalId: 'li-1', externalName: 'tm@linkedin.example', externalNameSource: 'verifiedEmail' },
    });
  });

  it('goes to the central sign-in host when the token call fails', async () => {
    linking();
    server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json({ errorMessage: 'invalid_grant' }, { status: 400 })));
    renderRoute(`/auth/google/callback?code=c&state=${GOOGLE_STATE}`);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith(CENTRAL_SIGN_IN));
  });

  it('goes to / without a code', async () => {
    const { router } = renderRoute('/auth/google/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
  });
});

describe('confirming a link at /profile', () => {
  const confirming = (link: LinkDetails = { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-iamsmart-5566778899' }, owner = 'smwong25') =>
    startLinkAttempt(link, { owner, phase: 'confirm' });

  it('names both accounts, says where the external name comes from, and links nothing before the person says Link', async () => {
    confirming({
      idpId: '0oa4google',
      idpName: 'google',
      externalId: 'ext-google-1',
      externalName: 'tm.chan@gmail.example',
      externalNameSource: 'verifiedEmail',
    });
    const linked = recordLinks();
    renderRoute('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link Google to your account?' })).toBeInTheDocument();
    expect(await screen.findByTestId('link-university-account')).toHaveTextContent('WONG Siu Ming (smwong25)');
    expect(screen.getByTestId('link-external-account')).toHaveTextContent('tm.chan@gmail.example');
    expect(screen.getByTestId('link-external-source')).toHaveTextContent('The email address Google has verified.');
    expect(screen.queryByText(/mixes letters/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This is not me' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(linked).toEqual([]);
  });

  it('says plainly that an account named by nothing but its number cannot be shown, and makes Link a second, deliberate step', async () => {
    confirming();
    const linked = recordLinks();
    const { user } = renderRoute('/profile');
    expect(await screen.findByTestId('link-external-account')).toHaveTextContent(/^Cannot be shown$/);
    expect(screen.getByTestId('link-external-source')).toHaveTextContent(
      'iAM Smart gives the portal only an anonymous number for this account, so it cannot be shown here.',
    );
    expect(screen.queryByText(/ext-ia/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I started this link myself/ }));
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(linked).toEqual([['0oa1smart', { externalId: 'ext-iamsmart-5566778899' }]]));
  });

  it('flags a name that mixes writing systems', async () => {
    confirming({ idpId: '0oa4google', idpName: 'google', externalId: 'g-1', externalName: 'Wong Siu M\u0456ng', externalNameSource: 'ownerName' });
    renderRoute('/profile');
    expect(await screen.findByText('This name mixes letters of different writing systems, as names made to imitate another do.')).toBeInTheDocument();
    expect(screen.getByTestId('link-external-source')).toHaveTextContent(
      'The name on this Google account. Its owner chose it; Google does not vouch for it.',
    );
  });

  it('Link links, shows the success page, and goes to the central sign-out page after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    confirming({
      idpId: '0oa1smart',
      idpName: 'iamsmart',
      externalId: 'ext-iamsmart-5566778899',
      externalName: 'CHAN, Tai Man',
      externalNameSource: 'profile',
    });
    const linked = recordLinks();
    const { router, user, auth } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Link' }));

    expect(
      await screen.findByText('Link up Success - Now you can log on with iAM Smart, you will be redirected to the log on page'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/idp/link/iamsmart/success');
    expect(linked).toEqual([['0oa1smart', { externalId: 'ext-iamsmart-5566778899' }]]);
    expect(readLinkState()).toEqual({ mode: 'normal' });

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(browser.assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    // The session ends in this browser first, then the central sign-out page.
    expect(auth.signOut).toHaveBeenCalledWith({ leaveTo: CENTRAL_SIGN_OUT });
    expect(await screen.findByText('Link successfully')).toBeInTheDocument();
  });

  it('"This is not me" discards the attempt and links nothing', async () => {
    confirming();
    const linked = recordLinks();
    const { router, user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'This is not me' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(await screen.findByText('Nothing was linked.')).toBeInTheDocument();
    expect(linked).toEqual([]);
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });

  it('on failure waits 3 s, then goes to the identity provider host', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    confirming({
      idpId: '0oa4google',
      idpName: 'google',
      externalId: 'ext-g',
      externalName: 'tm@gmail.example',
      externalNameSource: 'verifiedEmail',
    });
    server.use(
      http.post('*/api/v1/user/idps/:idpId', () =>
        HttpResponse.json({ errorMessage: 'Identity already linked to another account' }, { status: 409 }),
      ),
    );
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    expect(await screen.findByText('Identity already linked to another account')).toBeInTheDocument();
    expect(screen.getByText('You will be taken to the university sign-in in 3 seconds.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(browser.assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(browser.assign).toHaveBeenCalledWith(CENTRAL_SIGN_IN);
    expect(readLinkState()).toEqual({ mode: 'normal' });
  });

  it('a step-up answer signs in again carrying the same attempt, back to this page', async () => {
    const started = confirming({
      idpId: '0oa1smart',
      idpName: 'iamsmart',
      externalId: 'ext-iamsmart-5566778899',
      externalName: '陳大文',
      externalNameSource: 'profile',
    });
    server.use(
      http.post('*/api/v1/user/idps/:idpId', () =>
        HttpResponse.json({ errorMessage: 'Please sign in again.' }, { status: 401, headers: { 'WWW-Authenticate': STEP_UP } }),
      ),
    );
    const { auth, user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid iamsmart', returnTo: '/profile', link: started.nonce }));
    expect(readLinkState()).toMatchObject({ phase: 'sign-in', nonce: started.nonce });
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it("sends the backend's link ticket with the link, and keeps it in this tab only while the attempt lasts", async () => {
    const started = startLinkAttempt({ idpId: '0oa4google', idpName: 'google' }, { owner: 'smwong25', phase: 'provider' });
    window.sessionStorage.setItem('socialState.google', 'T'.repeat(32));
    server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json(example('exchangeSocialCode', 'new-user'))));
    const first = renderRoute(`/auth/google/callback?code=g&state=${'T'.repeat(32)}`);
    await waitFor(() => expect(first.auth.signIn).toHaveBeenCalledWith(expect.objectContaining({ link: started.nonce })));
    expect(window.sessionStorage.getItem('portal.linkTicket')).toBe('lt.v1.ext-iamsmart-1029384756.4f9c2a7e');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain('lt.v1');
    first.unmount();

    settleLinkAfterSignIn({ returnTo: '/profile', subject: 'smwong25', link: started.nonce });
    const linked = recordLinks();
    const { user } = renderRoute('/profile');
    expect(await screen.findByTestId('link-external-account')).toHaveTextContent('Wong Siu Ming');
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(linked).toEqual([['0oa4google', { externalId: 'ext-iamsmart-1029384756', linkTicket: 'lt.v1.ext-iamsmart-1029384756.4f9c2a7e' }]]),
    );
    await waitFor(() => expect(window.sessionStorage.getItem('portal.linkTicket')).toBeNull());
  });

  it('looks the idp id up for a link that came from the identity provider', async () => {
    startLinkAttempt(
      { idpName: 'google', externalId: 'ext-g', externalName: 'tm@gmail.example', externalNameSource: 'verifiedEmail' },
      { owner: 'smwong25', phase: 'confirm' },
    );
    const linked = recordLinks();
    const { user } = renderRoute('/profile');
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    await waitFor(() => expect(linked).toEqual([['0oa4google', { externalId: 'ext-g' }]]));
  });

  it.each([
    ['no attempt', () => undefined],
    ['an attempt that another person started', () => confirming(undefined, 'taiman.chan')],
    [
      'an attempt of another tab',
      () => {
        confirming();
        window.sessionStorage.removeItem(LINK_TAB_KEY);
      },
    ],
    [
      'an attempt still waiting for its sign-in',
      () => startLinkAttempt({ idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'x' }, { owner: 'smwong25', phase: 'sign-in' }),
    ],
    [
      'a planted attempt without nonce (as before this portal checked)',
      () =>
        window.localStorage.setItem(
          'state',
          btoa(JSON.stringify({ mode: 'startLinkIdp', link: { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-evil' } })),
        ),
    ],
    [
      'a planted attempt with a nonce this tab never had',
      () =>
        window.localStorage.setItem(
          'state',
          encodeLinkState({
            mode: 'startLinkIdp',
            link: { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-evil' },
            nonce: 'planted-nonce-0000000',
            createdAt: Date.now(),
            phase: 'confirm',
            owner: 'smwong25',
          }),
        ),
    ],
  ])('with %s, /profile is the profile details and nothing is linked', async (_, arrange) => {
    arrange();
    const linked = recordLinks();
    const { router } = renderRoute('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(linked).toEqual([]);
  });
});

describe('/idp/link/{provider}/success', () => {
  it('opened without a link made in this tab, sends nobody to sign out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoute('/idp/link/iamsmart/success');
    expect(await screen.findByText('This tab has not linked an identity, so there is nothing to report here.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('for the tab that has just linked, once', async () => {
    markJustLinked('google');
    renderRoute('/idp/link/google/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link up Success' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('portal.justLinked')).toBeNull();
  });
});

describe('/idp/instructions', () => {
  it.each(['User creation was disabled.', '用戶創建已被禁用', '用户创建已禁用'])(
    "'%s' with the state of this tab's own sign-in request and someone signed in: asks which provider, starts an attempt they own, with a fresh sign-in",
    async (description) => {
      const state = ownSignInState();
      const asked: string[] = [];
      server.use(http.get('*/oauth/provider', ({ request }) => (asked.push(request.url), HttpResponse.json({ provider: 'google' }))));
      server.use(http.post('*/api/v1/auth/google/token', () => HttpResponse.json(example('exchangeSocialCode', 'full'))));
      const { auth, router } = renderRoute(
        `/idp/instructions?code=google-123&state=${state}&error=access_denied&error_description=${encodeURIComponent(description)}`,
      );
      await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ scope: 'openid google', returnTo: '/profile', link: expect.any(String) }));
      expect(asked).toEqual(['http://localhost:9000/oauth/provider?code=google-123']);
      expect(router.state.location.pathname).toBe('/idp/link/google');
      // The code and state are not left in the address bar.
      expect(router.state.location.searchStr).toBe('');
      const stored = readLinkState();
      expect(stored).toMatchObject({
        mode: 'startLinkIdp',
        phase: 'sign-in',
        owner: 'smwong25',
        link: { idpName: 'google', externalId: 'ext-iamsmart-1029384756' },
      });
      expect(auth.signIn.mock.calls[0]![0]!.link).toBe(stored.mode === 'startLinkIdp' ? stored.nonce : 'none');
      // The request is used up: its state leads to one attempt at most.
      expect(window.sessionStorage.getItem(`oidc.${state}`)).toBeNull();
    },
  );

  it.each([
    ['a state this tab never sent', () => 'a1b2c3d4e5f60718293a4b5c6d7e8f90'],
    ['no state', () => ''],
    [
      "the state of this tab's sign-out request",
      () => {
        const id = 'f'.repeat(32);
        window.sessionStorage.setItem(`oidc.${id}`, JSON.stringify({ id, created: Math.floor(Date.now() / 1000), request_type: 'so:r' }));
        return id;
      },
    ],
    [
      'the state of a sign-in request two hours old',
      () => {
        const id = 'e'.repeat(32);
        window.sessionStorage.setItem(`oidc.${id}`, JSON.stringify({ id, created: Math.floor(Date.now() / 1000) - 7200, request_type: 'si:r' }));
        return id;
      },
    ],
  ])('"User creation was disabled" with %s: nothing looked up or redeemed, the ordinary link offered', async (_, arrange) => {
    const state = arrange();
    const asked: string[] = [];
    server.use(http.get('*/oauth/provider', ({ request }) => (asked.push(request.url), HttpResponse.json({ provider: 'google' }))));
    const { auth, router } = renderRoute(`/idp/instructions?code=google-123&state=${state}&error_description=User%20creation%20was%20disabled`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link was not started in this browser, so nothing was linked. To link an account, choose Link on your profile.',
    );
    expect(screen.getByRole('link', { name: 'Link from your profile' })).toHaveAttribute('href', '/profile/details');
    expect(asked).toEqual([]);
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/idp/instructions');
    expect(readLinkState().mode).not.toBe('startLinkIdp');
  });

  it("with this tab's own state but nobody signed in: nothing redeemed, no attempt without an owner", async () => {
    const state = ownSignInState();
    const exchanged: string[] = [];
    server.use(http.get('*/oauth/provider', () => HttpResponse.json({ provider: 'google' })));
    server.use(http.post('*/api/v1/auth/google/token', ({ request }) => (exchanged.push(request.url), HttpResponse.json({}))));
    const auth = fakeAuth({ signedIn: false });
    renderRoute(`/idp/instructions?code=google-123&state=${state}&error_description=User%20creation%20was%20disabled`, { auth });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign in with your university account first');
    expect(screen.getByRole('link', { name: 'Link from your profile' })).toBeInTheDocument();
    expect(exchanged).toEqual([]);
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(readLinkState().mode).not.toBe('startLinkIdp');
  });

  it("shows none of the query's text: the error code in the portal's words, the state shortened, and a Back button", async () => {
    renderRoute('/idp/instructions?error=access_denied&error_description=Call%20%2B852%205555%200000&state=abc123def456');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getByText('The sign-in was cancelled or refused.')).toBeInTheDocument();
    expect(screen.getByText('Reference for support: abc123de…')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/5555|access_denied|abc123def456/);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', CENTRAL_SIGN_IN);
  });

  it.each([
    ['server_error', 'The sign-in service is not available right now. Please try again later.'],
    ['login_required', 'Please sign in again.'],
    ['<b>made up</b>', 'The sign-in could not be completed.'],
    ['__proto__', 'The sign-in could not be completed.'],
  ])('maps the error code %j to the portal text', async (error, text) => {
    renderRoute(`/idp/instructions?error=${encodeURIComponent(error)}&state=${encodeURIComponent('<img src=x>')}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('No reference was given.')).toBeInTheDocument();
  });

  it('never follows a provider it does not know', async () => {
    const state = ownSignInState();
    server.use(http.get('*/oauth/provider', () => HttpResponse.json({ provider: 'https://evil.example' })));
    const { router } = renderRoute(`/idp/instructions?code=x&state=${state}&error_description=User%20creation%20was%20disabled`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The identity provider named a provider this portal does not know, so nothing was linked.',
    );
    expect(router.state.location.pathname).toBe('/idp/instructions');
  });
});

describe('/idp/link/{provider}', () => {
  it('opened with a code and no state of this tab (a crafted link), while signed in: nothing redeemed, no sign-in', async () => {
    const exchanged: string[] = [];
    server.use(http.post('*/api/v1/_/iamsmart/tokenized-id', ({ request }) => (exchanged.push(request.url), HttpResponse.json({}))));
    const { auth } = renderRoute('/idp/link/iamsmart?code=iamsmart-attacker');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was not started in this browser, so nothing was linked.');
    expect(screen.getByRole('link', { name: 'Link from your profile' })).toBeInTheDocument();
    expect(exchanged).toEqual([]);
    expect(auth.signIn).not.toHaveBeenCalled();
  });
});
