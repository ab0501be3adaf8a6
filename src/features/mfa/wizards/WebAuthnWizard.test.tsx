import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

const create = vi.fn();
const registration = example<Record<string, unknown>>('registerPasskey', 'new-user', 'request');

afterEach(() => {
  Reflect.deleteProperty(navigator, 'credentials');
  Reflect.deleteProperty(globalThis, 'PublicKeyCredential');
  create.mockReset();
});

/** A browser with passkeys: its JSON helpers (the options read as given), and an authenticator. */
function withPasskeys() {
  Object.defineProperty(globalThis, 'PublicKeyCredential', {
    configurable: true,
    value: { parseCreationOptionsFromJSON: (options: unknown) => ({ parsed: options }) },
  });
  Object.defineProperty(navigator, 'credentials', { configurable: true, value: { create } });
}

/** What the wizard sent to register, if anything. */
function registrations() {
  const sent: unknown[] = [];
  server.use(
    http.post(
      '*/api/v1/user/passkeys',
      async ({ request }) => (sent.push(await request.json()), HttpResponse.json(example('registerPasskey', 'new-user'))),
    ),
  );
  return sent;
}

describe('Add a passkey', () => {
  it('asks for the server’s options, has the browser make the passkey from them, and registers what the browser gives', async () => {
    withPasskeys();
    create.mockResolvedValue({ toJSON: () => registration });
    const sent = registrations();
    const { user, router } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    expect(await screen.findByRole('heading', { name: 'Add a passkey' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate webAuthn successfully.')).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith({ publicKey: { parsed: example('getPasskeyRegistrationOptions', 'new-user') } });
    expect(sent).toEqual([registration]);
  });

  it('says the person cancelled (the spec’s box), that nothing was added, and offers to try again', async () => {
    withPasskeys();
    const sent = registrations();
    // The browser's prompt, open until the test refuses it (made when the wizard asks for it).
    let refuse = () => {};
    create.mockImplementation(
      () =>
        new Promise(
          (_, reject) => (refuse = () => reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))),
        ),
    );
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    // While the browser asks (the pressed button and Cancel disabled), the focus is on what is happening, not lost.
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent(/browser/);
    refuse();
    const box = await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveFocus();
    expect(box).toHaveTextContent('The operation either timed out or was not allowed.');
    expect(box).toHaveTextContent('Nothing was added to your account. You can try again.');
    expect(screen.getByRole('link', { name: 'About Web Authentication (W3C specification)' })).toHaveAttribute(
      'href',
      'https://www.w3.org/TR/webauthn-3/',
    );
    expect(sent).toEqual([]);
    create.mockResolvedValue({ toJSON: () => registration });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Activate webAuthn successfully.')).toBeInTheDocument();
  });

  it('says so when the authenticator already holds a passkey of this account', async () => {
    withPasskeys();
    create.mockRejectedValue(new DOMException('excluded', 'InvalidStateError'));
    const { user } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This device or security key already holds a passkey for your account.');
  });

  it('shows the server’s reason when it refuses the registration, and stays on the page', async () => {
    withPasskeys();
    create.mockResolvedValue({ toJSON: () => registration });
    server.use(http.post('*/api/v1/user/passkeys', () => HttpResponse.json(example('registerPasskey', 'error', '400'), { status: 400 })));
    const { user, router } = renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey was not accepted: This passkey request has expired. Please try again.');
    expect(router.state.location.pathname).toBe('/profile/mfa/enroll/FIDO/webauthn');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('tells a browser without passkeys so before anything starts, and offers no button', async () => {
    renderRoute('/profile/mfa/enroll/FIDO/webauthn');
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot create passkeys. Use another browser or device to add one.');
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
