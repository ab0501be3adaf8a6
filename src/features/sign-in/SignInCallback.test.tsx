import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderRoute } from '../../../tests/support/renderRoute';
import { createAppRouter } from '../../router';
import { createQueryClient } from '../../shared/api/queryClient';
import type { SignInResult } from '../../shared/auth/auth';
import { SignInRefused } from '../../shared/auth/openId';
import { setLanguage } from '../../messages/i18n';
import { AppProviders } from '../../app/AppProviders';

afterEach(async () => {
  vi.useRealTimers();
  await act(() => setLanguage('en'));
});

describe('/auth/default/callback', () => {
  it('completes sign-in, takes the code and state out of the address, and goes where the user was going', async () => {
    const auth = fakeAuth();
    auth.completeSignIn.mockResolvedValue({ returnTo: '/profile/login', subject: 'smwong25', stepUp: false });
    const { router } = renderRoute('/auth/default/callback?code=abc&state=xyz', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/login'));
    expect(auth.isPendingSignIn).toHaveBeenCalledWith(expect.stringContaining('state=xyz'));
    expect(auth.completeSignIn).toHaveBeenCalledWith(expect.stringContaining('code=abc'));
    // No history entry keeps the code: Back cannot replay it.
    expect(router.history.length).toBe(1);
    expect(router.history.location.href).toBe('/profile/login');
    // The page is marked as the one the sign-in went on to (the guide's visit goes on there).
    expect(router.state.location.state.afterSignIn).toBe(true);
  });

  it('after a step-up, says the person can now finish their change', async () => {
    const auth = fakeAuth();
    auth.completeSignIn.mockResolvedValue({ returnTo: '/profile/mfa', subject: 'smwong25', stepUp: true });
    const { router } = renderRoute('/auth/default/callback?code=abc&state=xyz', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('You have confirmed it is you. You can now finish your change.')).toBeInTheDocument();
  });

  it('on error signs out, clears local storage, explains, and returns to / after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = fakeAuth({ signedIn: false });
    auth.completeSignIn.mockRejectedValue(new Error('No matching state found in storage'));
    window.localStorage.setItem('state', 'eyJtb2RlIjoibm9ybWFsIn0=');
    window.localStorage.setItem('portal.language', 'en');
    window.localStorage.setItem('portal.signedOutAt', '1700000000000');
    const { router } = renderRoute('/auth/default/callback?code=abc&state=stale', { auth });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in could not be completed: No matching state found in storage');
    expect(alert).toHaveTextContent('You will be returned to the home page in 2 seconds.');
    expect(auth.forgetUser).toHaveBeenCalledTimes(1);
    // Everything personal goes; the language choice and the time of the last logout (which
    // tabs that slept through it check) stay.
    expect({ ...window.localStorage }).toEqual({ 'portal.language': 'en', 'portal.signedOutAt': '1700000000000' });

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/auth/default/callback');
    await act(() => vi.advanceTimersByTimeAsync(200));
    // '/' sends a signed-out visitor on to sign in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/default/login'));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalled());
  });

  it('a sign-in the portal refuses says why in the language of the moment, and follows a switch', async () => {
    const auth = fakeAuth({ signedIn: false });
    auth.completeSignIn.mockRejectedValue(new SignInRefused('auth.notFresh'));
    renderRoute('/auth/default/callback?code=abc&state=xyz', { auth });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in could not be completed: the university sign-in did not confirm that you signed in just now, so nothing was changed.',
    );
    await act(() => setLanguage('zh-HK'));
    // The Traditional Chinese texts load on first use.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('未能完成登入：大學登入未能確認你剛剛登入，因此沒有作出任何更改。'));
  });

  it('a callback address this tab did not ask for (a crafted link, a replay) signs nobody out and redeems nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = fakeAuth();
    auth.isPendingSignIn.mockReturnValue(false);
    window.localStorage.setItem('portal.language', 'en');
    const { router } = renderRoute('/auth/default/callback?code=forged&state=forged', { auth });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-in could not be completed: this tab did not ask to sign in, so nothing was done.',
    );
    expect(auth.completeSignIn).not.toHaveBeenCalled();
    expect(auth.forgetUser).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('portal.language')).toBe('en');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    // Still signed in: / takes them to their profile.
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
  });

  it('redeems the code once: under StrictMode, with the first load started before React renders, while the code leaves the address', async () => {
    const auth = fakeAuth();
    let finish: (result: SignInResult) => void = () => undefined;
    auth.completeSignIn.mockImplementation(() => new Promise<SignInResult>((resolve) => (finish = resolve)));
    const queryClient = createQueryClient({ retry: false });
    const history = createMemoryHistory({ initialEntries: ['/auth/default/callback?code=abc&state=xyz'] });
    const router = createAppRouter({ auth, queryClient }, history);
    // As main.tsx does: the route's loader starts before the first render.
    void router.load();
    render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(await screen.findByText('Completing sign-in...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/auth/default/callback'));
    // The same address again while the code is being redeemed.
    act(() => void router.navigate({ to: '/auth/default/callback' }));
    finish({ returnTo: '/profile/login', subject: 'smwong25', stepUp: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/login'));
    expect(auth.isPendingSignIn).toHaveBeenCalledTimes(1);
    expect(auth.completeSignIn).toHaveBeenCalledTimes(1);
    expect(auth.completeSignIn).toHaveBeenCalledWith(expect.stringContaining('code=abc'));
  });

  it('shown after a failure, the page stays as it is when its address is opened again, and nothing is redeemed again', async () => {
    const auth = fakeAuth({ signedIn: false });
    auth.completeSignIn.mockRejectedValue(new Error('No matching state found in storage'));
    const { router } = renderRoute('/auth/default/callback?code=abc&state=stale', { auth });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in could not be completed: No matching state found in storage');
    await act(() => router.navigate({ to: '/auth/default/callback' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Sign-in could not be completed: No matching state found in storage');
    expect(auth.isPendingSignIn).toHaveBeenCalledTimes(1);
    expect(auth.completeSignIn).toHaveBeenCalledTimes(1);
  });
});
