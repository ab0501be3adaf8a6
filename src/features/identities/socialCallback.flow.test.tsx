import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/navigation/browser';
import { LINK_TAB_KEY } from '../../shared/storage/storageKeys';
import { example } from '../../../tests/support/examples';
import { CENTRAL_SIGN_IN, readLinkAttempt, token } from '../../../tests/support/linking';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { LINK_ATTEMPT_TTL_MS } from './linkMarker';
import { startLinkAttempt, type LinkDetails } from './linkState';

afterEach(() => {
  vi.useRealTimers();
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
    expect(readLinkAttempt()).toEqual({
      ...started,
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
    expect(readLinkAttempt()).toMatchObject({ link: { externalId: 'ext-iamsmart-5566778899' } });
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
    expect(readLinkAttempt()).toMatchObject({
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
