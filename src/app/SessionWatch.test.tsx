import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEndSessionsMockHandler } from '../../generated/api/sessions/sessions.msw';
import { fakeAuth, renderRoute } from '../../tests/support/renderRoute';
import { server } from '../../tests/support/server';

const now = () => Date.now() / 1000;

afterEach(() => vi.useRealTimers());

function withToken(secondsLeft: number, renews: boolean[]) {
  const auth = fakeAuth();
  let expiresAt = now() + secondsLeft;
  auth.expiresAt.mockImplementation(() => expiresAt);
  auth.renew.mockImplementation(async () => {
    const ok = renews.shift() ?? false;
    if (ok) expiresAt = now() + 3600;
    return ok;
  });
  return auth;
}

describe('session expiry', () => {
  it('renews silently two minutes ahead and says nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = withToken(600, [true]);
    renderRoute('/profile/details', { auth });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await act(() => vi.advanceTimersByTimeAsync(479_000));
    expect(auth.renew).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(auth.renew).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('warns a minute ahead when renewal fails; Stay signed in renews and closes the warning', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = withToken(65, [false, true]);
    const { user } = renderRoute('/profile/details', { auth });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveTextContent('For your security, you will be signed out in less than a minute.');
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(auth.renew).toHaveBeenCalledTimes(2);
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('when the session has ended, signs in again back to the same page, a sign-in the person asked for', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const auth = withToken(65, [false, false]);
    const { user } = renderRoute('/profile/password', { auth });
    await screen.findByRole('heading', { level: 1, name: 'Change Password' });
    await act(() => vi.advanceTimersByTimeAsync(66_000));
    await screen.findByRole('dialog', { name: 'Your session has ended' });
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/password', byPerson: true });
  });

  it('Sign out in the warning logs out like the header does: server sessions first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let ended = 0;
    server.use(getEndSessionsMockHandler(() => ((ended += 1), { status: true })));
    const auth = withToken(65, [false]);
    const { user } = renderRoute('/profile/details', { auth });
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    await screen.findByRole('dialog', { name: 'Your session is about to end' });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    expect(ended).toBe(1);
  });
});
