import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetFactorsMockHandler } from '../../../generated/api/factors/factors.msw';
import { getGetIdpConfigMockHandler, getGetLinkedIdentitiesMockHandler } from '../../../generated/api/identities/identities.msw';
import { getGetProfileMockHandler } from '../../../generated/api/profile/profile.msw';
import type { FactorListResponse, LinkedIdentitiesResponse, ProfileResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

function usePersona(persona: 'new-user' | 'full') {
  server.use(
    getGetProfileMockHandler(example<ProfileResponse>('getProfile', persona)),
    getGetFactorsMockHandler(example<FactorListResponse>('getFactors', persona)),
    getGetLinkedIdentitiesMockHandler(example<LinkedIdentitiesResponse>('getLinkedIdentities', persona)),
    getGetIdpConfigMockHandler('true'),
  );
}

async function overview() {
  const section = await screen.findByRole('region', { name: 'Security overview' });
  await within(section).findByTestId('overview-summary');
  await waitFor(() => expect(within(section).getByTestId('overview-identities')).toBeInTheDocument());
  return section;
}

describe('Security overview', () => {
  it('shows the new user every step still to do, each with its fix', async () => {
    usePersona('new-user');
    const { user, router } = renderRoute('/profile/details');
    const section = await overview();
    expect(within(section).getByTestId('overview-summary')).toHaveTextContent('A few steps will make your account safer.');
    expect(within(section).getByTestId('overview-methods')).toHaveTextContent('To do: No multi-factor sign-in method is set up Set up MFA');
    expect(within(section).getByTestId('overview-travel')).toHaveTextContent(
      'To do: Before you travel, add a sign-in method that works without mobile signal. Set up Okta Verify',
    );
    expect(within(section).getByTestId('overview-recoveryEmail')).toHaveTextContent('To do: No recovery email Add a recovery email');
    expect(within(section).getByTestId('overview-question')).toHaveTextContent('To do: No security question Set a security question');
    expect(within(section).getByTestId('overview-identities')).toHaveTextContent('To do: No social identity or iAM Smart is linked Link one');

    // In-page fixes move the focus to the control that fixes it.
    await user.click(within(section).getByRole('button', { name: 'Add a recovery email' }));
    expect(screen.getByRole('button', { name: 'Edit recovery email' })).toHaveFocus();
    await user.click(within(section).getByRole('button', { name: 'Link one' }));
    expect(screen.getByRole('heading', { name: 'Social Identities & IAM SMART' })).toHaveFocus();

    await user.click(within(section).getByRole('link', { name: 'Set up MFA' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
  });

  it('opens the set-up of a method that works without mobile signal from the travel check', async () => {
    usePersona('new-user');
    const { user, router } = renderRoute('/profile/details');
    const section = await overview();
    await user.click(within(within(section).getByTestId('overview-travel')).getByRole('link', { name: 'Set up Okta Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa/enroll/OKTA/push'));
  });

  it('tells the full persona the account is well protected', async () => {
    usePersona('full');
    renderRoute('/profile/details');
    const section = await overview();
    expect(within(section).getByTestId('overview-summary')).toHaveTextContent('Your account is well protected.');
    // As the MFA page lists them: push (with Okta's code entry), the authenticator app, email,
    // SMS, voice call, two security keys and the university authenticator.
    expect(within(section).getByTestId('overview-methods')).toHaveTextContent('Done: 8 multi-factor sign-in methods are set up');
    expect(within(section).getByTestId('overview-travel')).toHaveTextContent('Done: You can sign in without mobile signal.');
    expect(within(section).getByTestId('overview-recoveryEmail')).toHaveTextContent('Done: Recovery email: tm.chan@example.com');
    expect(within(section).getByTestId('overview-question')).toHaveTextContent('Done: A security question is set');
    expect(within(section).getByTestId('overview-identities')).toHaveTextContent(/^Done: Linked: .*iAM Smart/);
    expect(within(section).queryAllByRole('link')).toHaveLength(0);
  });

  it('leaves identities out when the social box is off, and stays away when the data fails', async () => {
    usePersona('full');
    server.use(getGetIdpConfigMockHandler('false'));
    const { unmount } = renderRoute('/profile/details');
    const section = await screen.findByRole('region', { name: 'Security overview' });
    await within(section).findByTestId('overview-summary');
    expect(within(section).queryByTestId('overview-identities')).not.toBeInTheDocument();
    unmount();

    server.use(http.get('*/api/v1/user/factor', () => HttpResponse.json({ errorMessage: 'Factor service down' }, { status: 500 })));
    renderRoute('/profile/details');
    await screen.findByText('Factor service down', undefined, { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Security overview' })).not.toBeInTheDocument());
  });

  it('signs out the other devices after saying what that covers, and this tab stays signed in', async () => {
    usePersona('full');
    let ended = 0;
    server.use(http.delete('*/api/v1/user/sessions/others', () => ((ended += 1), HttpResponse.json({ status: true }))));
    const { user, router, auth } = renderRoute('/profile/details');
    const section = await overview();
    await user.click(within(section).getByRole('button', { name: 'Sign out other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other devices?' });
    expect(dialog).toHaveAccessibleDescription(
      "Every other browser signed in through the university's sign-on is signed out, and apps that stay signed in to your account (a mail app, the learning platform's mobile app) must sign in again. This browser stays signed in.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(ended).toBe(0);

    await user.click(within(section).getByRole('button', { name: 'Sign out other devices' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Your other devices and apps are signed out. This browser is still signed in.')).toBeInTheDocument();
    expect(ended).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/details');
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it.each([
    ['says it did not', () => HttpResponse.json({ status: false })],
    ['answers nothing', () => new HttpResponse(null, { status: 204 })],
  ])('says the other devices were not signed out when the server %s', async (_, answer) => {
    usePersona('full');
    server.use(http.delete('*/api/v1/user/sessions/others', answer));
    const { user } = renderRoute('/profile/details');
    const section = await overview();
    await user.click(within(section).getByRole('button', { name: 'Sign out other devices' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Your other devices could not be signed out. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/Your other devices and apps are signed out/)).not.toBeInTheDocument();
  });

  it('asks for a recent sign-in when the server wants one, and signs nothing out meanwhile', async () => {
    usePersona('full');
    server.use(
      http.delete('*/api/v1/user/sessions/others', () =>
        HttpResponse.json(
          { errorMessage: 'For your security, please sign in again to make this change.' },
          { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=300' } },
        ),
      ),
    );
    const { user, auth } = renderRoute('/profile/details');
    const section = await overview();
    await user.click(within(section).getByRole('button', { name: 'Sign out other devices' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out other devices' }));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/details', maxAge: 300 }));
    expect(screen.queryByText(/Your other devices and apps are signed out/)).not.toBeInTheDocument();
  });
});
