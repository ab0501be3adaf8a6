import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/navigation/browser';
import { LINK_TAB_KEY } from '../../shared/storage/storageKeys';
import { example } from '../../../tests/support/examples';
import { CENTRAL_SIGN_IN, CENTRAL_SIGN_OUT, readLinkAttempt, recordLinks } from '../../../tests/support/linking';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { encodeLinkState, readLinkState } from './linkMarker';
import { LINK_ATTEMPT_TTL_MS } from './linkMarker';
import { settleLinkAfterSignIn, startLinkAttempt, type LinkDetails } from './linkState';

const STEP_UP = 'Bearer error="insufficient_user_authentication", max_age=300';

afterEach(() => {
  vi.useRealTimers();
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
    expect(screen.queryByText(/mixes letters|look-alike forms/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This is not me' })).toBeEnabled();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(linked).toEqual([]);
  });

  it('says when and where an attempt began that did not begin on the profile: at the university sign-in page', async () => {
    const at = new Date(2026, 10, 22, 14, 2).getTime();
    startLinkAttempt(
      { idpName: 'google', externalId: 'ext-google-1', externalName: 'tm.chan@gmail.example', externalNameSource: 'verifiedEmail' },
      { owner: 'smwong25', phase: 'confirm', began: 'identity-provider', now: at },
    );
    vi.useFakeTimers({ shouldAdvanceTime: true, now: at + 60_000 });
    server.use(http.get('*/api/v1/user/idps', () => HttpResponse.json(example('getLinkedIdentities', 'new-user'))));
    renderRoute('/profile');
    expect(await screen.findByTestId('link-began')).toHaveTextContent(
      'This link was started at the university sign-in page at 2:02 PM, not from your profile. If you did not start it there yourself, choose "This is not me".',
    );
  });

  it('says nothing of where an attempt began on the profile', async () => {
    confirming();
    renderRoute('/profile');
    expect(await screen.findByTestId('link-external-account')).toBeInTheDocument();
    expect(screen.queryByTestId('link-began')).not.toBeInTheDocument();
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

  it('flags a name written in full-width forms', async () => {
    confirming({
      idpId: '0oa4google',
      idpName: 'google',
      externalId: 'g-1',
      externalName: 'Wong Siu \uff2d\uff49\uff4e\uff47',
      externalNameSource: 'ownerName',
    });
    renderRoute('/profile');
    expect(
      await screen.findByText('This name is written with full-width or other look-alike forms of letters, as names made to imitate another are.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/mixes letters/)).not.toBeInTheDocument();
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

  it.each([
    [
      'expired while the page was open',
      () => vi.setSystemTime(Date.now() + LINK_ATTEMPT_TTL_MS + 1000),
      'This link request has expired, so nothing was linked. Please start again from your profile.',
    ],
    [
      'replaced by another attempt while the page was open',
      () => confirming({ idpId: '0oa4google', idpName: 'google', externalId: 'ext-other' }),
      'The identity link was not completed, so nothing was linked: it had expired, or was started in another tab or by someone else. Please start again from your profile.',
    ],
  ])('an attempt %s: Link says why, links nothing and leaves for the profile details', async (_, meanwhile, message) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    confirming({ idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-1', externalName: 'CHAN, Tai Man', externalNameSource: 'profile' });
    const linked = recordLinks();
    const { router, user } = renderRoute('/profile');
    const link = await screen.findByRole('button', { name: 'Link' });
    meanwhile();
    await user.click(link);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(linked).toEqual([]);
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
    expect(readLinkAttempt()).toMatchObject({ phase: 'sign-in', nonce: started.nonce });
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
    [
      'an external account without an id',
      () => startLinkAttempt({ idpId: '0oa4google', idpName: 'google' }, { owner: 'smwong25', phase: 'confirm' }),
      'No external id found',
    ],
    [
      'a provider the server does not list',
      () => {
        server.use(http.get('*/api/v1/user/idps', () => HttpResponse.json({ idps: [{ id: '0oa1smart', name: 'iamsmart', linked: false }] })));
        startLinkAttempt({ idpName: 'apple', externalId: 'ext-a' }, { owner: 'smwong25', phase: 'confirm' });
      },
      'No idp id found',
    ],
  ])('with %s: says so, ends the attempt, links nothing and goes to the identity provider 3 s later', async (_, arrange, message) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    arrange();
    const linked = recordLinks();
    renderRoute('/profile');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByText('You will be taken to the university sign-in in 3 seconds.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link' })).not.toBeInTheDocument();
    expect(readLinkState()).toEqual({ mode: 'normal' });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(browser.assign).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(browser.assign).toHaveBeenCalledWith(CENTRAL_SIGN_IN);
    expect(browser.assign).toHaveBeenCalledTimes(1);
    expect(linked).toEqual([]);
  });

  it("when the server's list of providers cannot be loaded: says so, offers to try again, and the attempt goes on", async () => {
    let answers = 0;
    server.use(
      http.get('*/api/v1/user/idps', () =>
        ++answers === 1
          ? HttpResponse.json({ errorMessage: 'Unavailable' }, { status: 503 })
          : HttpResponse.json(example('getLinkedIdentities', 'new-user')),
      ),
    );
    startLinkAttempt(
      { idpName: 'google', externalId: 'ext-g', externalName: 'tm@gmail.example', externalNameSource: 'verifiedEmail' },
      { owner: 'smwong25', phase: 'confirm' },
    );
    const linked = recordLinks();
    const { user } = renderRoute('/profile');
    expect(await screen.findByText('Your linked identities could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Link' }));
    await waitFor(() => expect(linked).toEqual([['0oa4google', { externalId: 'ext-g' }]]));
    expect(browser.assign).not.toHaveBeenCalled();
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
      () => {
        window.localStorage.setItem('state', encodeLinkState({ mode: 'startLinkIdp', nonce: 'planted-nonce-0000000', createdAt: Date.now() }));
        const link = { idpId: '0oa1smart', idpName: 'iamsmart', externalId: 'ext-evil' };
        window.sessionStorage.setItem(
          LINK_TAB_KEY,
          JSON.stringify({ nonce: 'other-nonce-00000000', link, phase: 'confirm', owner: 'smwong25', began: 'profile' }),
        );
      },
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
