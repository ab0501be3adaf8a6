import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

/** "Failed enrolment or activation with no status in the response aborts silently" (spec section 8). */
afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

describe('wizards whose last answer carries no status', () => {
  it('email: no success, still on the code', async () => {
    server.use(http.post('*/api/v1/user/factor/:factorId/activate', ({ params }) => HttpResponse.json({ id: params.factorId })));
    const { user, router } = renderRoute('/profile/mfa/enroll/OKTA/email');
    await user.click(await screen.findByRole('button', { name: 'Send me the code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    expect(screen.queryByText('Activate OKTA Email successfully.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/mfa/enroll/OKTA/email');
  });

  it('the City University Authenticator: no success, still on the code', async () => {
    server.use(http.post('*/api/v1/user/factor/enroll/totp', () => HttpResponse.json({})));
    const { user, router } = renderRoute('/profile/mfa/enroll/CUSTOM/token:hotp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Enter Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    expect(screen.queryByText('Activate City University Authenticator successfully.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/mfa/enroll/CUSTOM/token:hotp');
  });

  it('security key: an enrolment without a status makes no credential and ends in the error box', async () => {
    const create = vi.fn();
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create } });
    const withoutStatus: Record<string, unknown> = { ...example<Record<string, unknown>>('enrollFactor', 'webauthn') };
    delete withoutStatus.status;
    server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json(withoutStatus)));
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Enroll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The operation either timed out or was not allowed.');
    expect(create).not.toHaveBeenCalled();
  });

  it('security key: an activation without a status ends in the error box, no success', async () => {
    Object.defineProperty(navigator, 'credentials', {
      configurable: true,
      value: {
        create: vi.fn(async () => ({ response: { attestationObject: new Uint8Array([1]).buffer, clientDataJSON: new Uint8Array([2]).buffer } })),
      },
    });
    server.use(
      http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json(example('enrollFactor', 'webauthn'))),
      http.post('*/api/v1/user/factor/:factorId/activate', ({ params }) => HttpResponse.json({ id: params.factorId })),
    );
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Enroll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The operation either timed out or was not allowed.');
    expect(screen.queryByText('Activate webAuthn successfully.')).not.toBeInTheDocument();
  });
});
