import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderRoute } from '../../../tests/support/renderRoute';

afterEach(() => {
  vi.useRealTimers();
});

describe('/auth/default/callback', () => {
  it('completes sign-in and goes where the user was going', async () => {
    const auth = fakeAuth();
    auth.completeSignIn.mockResolvedValue('/profile/login');
    const { router } = renderRoute('/auth/default/callback?code=abc&state=xyz', { auth });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/login'));
    expect(auth.completeSignIn).toHaveBeenCalledWith(expect.stringContaining('code=abc'));
  });

  it('on error signs out, clears local storage, explains, and returns to / after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = fakeAuth({ signedIn: false });
    auth.completeSignIn.mockRejectedValue(new Error('No matching state found in storage'));
    window.localStorage.setItem('state', 'eyJtb2RlIjoibm9ybWFsIn0=');
    const { router } = renderRoute('/auth/default/callback?code=abc&state=stale', { auth });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in could not be completed: No matching state found in storage');
    expect(alert).toHaveTextContent('You will be returned to the home page in 2 seconds.');
    expect(auth.forgetUser).toHaveBeenCalledTimes(1);
    expect(window.localStorage.length).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(router.state.location.pathname).toBe('/auth/default/callback');
    await act(() => vi.advanceTimersByTimeAsync(200));
    // '/' sends a signed-out visitor on to sign in.
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/default/login'));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalled());
  });
});
