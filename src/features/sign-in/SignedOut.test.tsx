import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderRoute } from '../../../tests/support/renderRoute';

describe('Signed out', () => {
  it('after a logout in another tab, says the person is signed out on every device and in every tab', async () => {
    renderRoute('/signed-out', { auth: fakeAuth({ signedIn: false }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'You have signed out' })).toBeInTheDocument();
    expect(screen.getByText('You are signed out on every device and in every tab.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/auth/default/login');
  });

  it('during this tab’s own logout, says where it signs out', async () => {
    const auth = fakeAuth({ signedIn: false });
    auth.signedOut.mockReturnValue(true);
    renderRoute('/signed-out?logout=true', { auth });
    expect(await screen.findByText('Signing you out on every device and in every tab...')).toBeInTheDocument();
  });
});
