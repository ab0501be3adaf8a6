import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

/** After a failure the portal stays usable: the menu still leads to another page. */
async function expectUsable(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Menu' }));
  await user.click(screen.getByRole('link', { name: 'Previous Login' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Previous Login' })).toBeInTheDocument();
}

const alerts = (text: string) => screen.queryAllByRole('alert').filter((alert) => alert.textContent?.includes(text));

describe('failures show one clear message and leave the portal usable', () => {
  it('the API is down', async () => {
    server.use(http.get('*/api/v1/user/idps', () => HttpResponse.error()));
    server.use(http.get('*/api/v1/app/config/idp', () => HttpResponse.json('true')));
    const { user } = renderRoute('/profile/details');
    expect(await screen.findByText('Your linked identities could not be loaded.')).toBeInTheDocument();
    await waitFor(() => expect(alerts('Cannot connect to server')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await expectUsable(user);
  });

  it("a 500 with errorMessage, the contract's own example, shown once although the button was double-clicked", async () => {
    server.use(http.post('*/api/v1/user/credential/password', () => HttpResponse.json(example('changePassword', 'error', '500'), { status: 500 })));
    const { user, router } = renderRoute('/profile/password');
    await user.type(await screen.findByLabelText('Current password'), 'old-secret');
    await user.type(screen.getByLabelText('New password'), 'Blue-Harbour-42');
    await user.type(screen.getByLabelText('Confirm new password'), 'Blue-Harbour-42');
    await user.dblClick(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(alerts('Something went wrong on our side. Please try again later.')).toHaveLength(1));
    expect(screen.queryByText('Password changed successfully.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/password');
    await expectUsable(user);
  });

  it('a malformed JSON body', async () => {
    server.use(http.get('*/api/v1/user/profile', () => new HttpResponse('{"firstName": "Tai', { headers: { 'Content-Type': 'application/json' } })));
    const { user } = renderRoute('/profile/details');
    await waitFor(() => expect(alerts('The server sent a response the portal could not read.').length).toBeGreaterThan(0));
    await expectUsable(user);
  });
});
