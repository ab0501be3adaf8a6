import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import { CENTRAL_SIGN_IN, ownSignInState, readLinkAttempt } from '../../../tests/support/linking';
import { fakeAuth, renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { readLinkState } from './linkMarker';

/** The state of a sign-in this tab's person started themselves (with no session, or from the session dialog). */
const personsSignIn = (id?: string, ageSeconds = 0) => ownSignInState(id, { data: { byPerson: true }, ageSeconds });

describe('/idp/instructions', () => {
  it.each(['User creation was disabled.', '用戶創建已被禁用', '用户创建已禁用'])(
    "'%s' with the state of a sign-in this tab's person started, and them signed in: asks which provider, starts an attempt they own, with a fresh sign-in",
    async (description) => {
      const state = personsSignIn();
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
      const stored = readLinkAttempt();
      expect(stored).toMatchObject({
        phase: 'sign-in',
        owner: 'smwong25',
        began: 'identity-provider',
        link: { idpName: 'google', externalId: 'ext-iamsmart-1029384756' },
      });
      expect(auth.signIn.mock.calls[0]![0]!.link).toBe(stored?.nonce);
      // The request is used up: its state leads to one attempt at most.
      expect(window.sessionStorage.getItem(`oidc.request.${state}`)).toBeNull();
    },
  );

  it.each([
    ['a state this tab never sent', () => 'a1b2c3d4e5f60718293a4b5c6d7e8f90'],
    ['no state', () => ''],
    [
      "the state of this tab's sign-out request",
      () => {
        const id = 'f'.repeat(32);
        window.sessionStorage.setItem(`oidc.request.${id}`, JSON.stringify({ id, created: Math.floor(Date.now() / 1000), request_type: 'so:r' }));
        return id;
      },
    ],
    ['the state of a sign-in request two hours old', () => ownSignInState('e'.repeat(32), { ageSeconds: 7200 })],
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

  it.each([
    ['nobody signed in', fakeAuth({ signedIn: false })],
    ['only the expired session of whoever used the tab before', fakeAuth({ expired: true })],
  ])("with the state of the person's own sign-in but %s: nothing redeemed, no attempt without a live owner", async (_, auth) => {
    const state = personsSignIn();
    const exchanged: string[] = [];
    server.use(http.get('*/oauth/provider', () => HttpResponse.json({ provider: 'google' })));
    server.use(http.post('*/api/v1/auth/google/token', ({ request }) => (exchanged.push(request.url), HttpResponse.json({}))));
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
    const state = personsSignIn();
    server.use(http.get('*/oauth/provider', () => HttpResponse.json({ provider: 'https://evil.example' })));
    const { router } = renderRoute(`/idp/instructions?code=x&state=${state}&error_description=User%20creation%20was%20disabled`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The identity provider named a provider this portal does not know, so nothing was linked.',
    );
    expect(router.state.location.pathname).toBe('/idp/instructions');
  });
});
