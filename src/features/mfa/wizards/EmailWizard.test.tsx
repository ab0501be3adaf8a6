import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

afterEach(() => {
  vi.useRealTimers();
});

describe('email wizard', () => {
  it('sends the code to the primary email, shows it masked, offers Send again after 10 s, and verifies', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sends: unknown[] = [];
    const activations: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/enroll/email',
        async ({ request }) => (sends.push(await request.json()), HttpResponse.json(example('enrollEmailFactor', 'new-user'))),
      ),
      http.post(
        '*/api/v1/user/factor/:factorId/activate',
        async ({ params, request }) => (
          activations.push([params.factorId, await request.json()]),
          HttpResponse.json({ id: params.factorId, status: 'ACTIVE' })
        ),
      ),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/OKTA/email');
    await user.click(await screen.findByRole('button', { name: 'Send me the code' }));
    expect(await screen.findByText('We sent a code to s******5@my.example.edu.hk.')).toBeInTheDocument();
    expect(sends).toEqual([{ factorType: 'email', provider: 'OKTA', email: 'smwong25@my.example.edu.hk' }]);

    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByText("Haven't received an email? To try again, Send again")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(sends).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument());
    // Sent again: the page still says where.
    expect(screen.getByText('We sent a code to s******5@my.example.edu.hk.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate OKTA Email successfully.')).toBeInTheDocument();
    expect(activations).toEqual([['emf2siumingemail', { passCode: '246810' }]]);
  });

  it('without a primary email says so and goes to /', async () => {
    server.use(http.get('*/api/v1/user/profile', () => HttpResponse.json({ ...example<object>('getProfile', 'new-user'), primaryEmail: '' })));
    const { router } = renderRoute('/profile/mfa/enroll/OKTA/email');
    expect(await screen.findByText('Cannot find email, are you logged in?')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
  });
});

/** "Failed enrollment or activation with no status in the response aborts silently" (spec section 8). */
describe('email wizard: answers without a status (spec section 8)', () => {
  it('an activation answered without a status: no success, still on the code', async () => {
    server.use(http.post('*/api/v1/user/factor/:factorId/activate', ({ params }) => HttpResponse.json({ id: params.factorId })));
    const { user, router } = renderRoute('/profile/mfa/enroll/OKTA/email');
    await user.click(await screen.findByRole('button', { name: 'Send me the code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    expect(screen.queryByText('Activate OKTA Email successfully.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/mfa/enroll/OKTA/email');
  });
});
