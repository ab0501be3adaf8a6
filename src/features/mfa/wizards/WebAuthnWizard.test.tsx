import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';
import { toBase64Url } from './webauthn';

const create = vi.fn();

afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
});

function withAuthenticator() {
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create } });
  server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json(example('enrollFactor', 'webauthn'))));
}

describe('security key wizard', () => {
  it('creates a credential from the server challenge and activates it', async () => {
    withAuthenticator();
    create.mockResolvedValue({
      response: { attestationObject: new Uint8Array([1, 2, 3]).buffer, clientDataJSON: new Uint8Array([4, 5]).buffer },
    });
    const activations: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/:factorId/activate',
        async ({ params, request }) => (
          activations.push([params.factorId, await request.json()]),
          HttpResponse.json({ id: params.factorId, status: 'ACTIVE' })
        ),
      ),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Enroll' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate webAuthn successfully.')).toBeInTheDocument();
    const options = create.mock.calls[0]![0].publicKey as PublicKeyCredentialCreationOptions;
    expect(toBase64Url(options.challenge as Uint8Array)).toBe('PzP-f-F6iahURyUhoT2YSgw_AJ1aoBEAsCsJfJeK2Q4');
    expect(options.rp.id).toBe('localhost');
    expect(activations).toEqual([['fwf3taimannewkey', { attestation: 'AQID', clientData: 'BAU' }]]);
  });

  it('shows the error box with the specification link when the user refuses', async () => {
    withAuthenticator();
    create.mockRejectedValue(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Enroll' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('The operation either timed out or was not allowed.');
    expect(screen.getByRole('link', { name: 'About Web Authentication (W3C specification)' })).toHaveAttribute(
      'href',
      'https://www.w3.org/TR/webauthn-3/',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('shows the same box when the enrollment call fails or the browser has no WebAuthn', async () => {
    server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json(example('enrollFactor', 'webauthn'))));
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Enroll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The operation either timed out or was not allowed.');
  });
});

/** "Failed enrollment or activation with no status in the response aborts silently" (spec section 8). */
describe('security key wizard: answers without a status (spec section 8)', () => {
  it('an enrollment without a status makes no credential and ends in the error box', async () => {
    const createCredential = vi.fn();
    Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create: createCredential } });
    const withoutStatus: Record<string, unknown> = { ...example<Record<string, unknown>>('enrollFactor', 'webauthn') };
    delete withoutStatus.status;
    server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json(withoutStatus)));
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Enroll' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The operation either timed out or was not allowed.');
    expect(createCredential).not.toHaveBeenCalled();
  });

  it('an activation without a status ends in the error box, no success', async () => {
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
