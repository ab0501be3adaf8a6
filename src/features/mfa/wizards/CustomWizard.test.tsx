import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('City University Authenticator wizard', () => {
  it('draws the QR code from otpContent, shows the secret, and enrolls with issuer, secret, code and time', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/v1/user/factor/enroll/totp', async ({ request }) => (bodies.push(await request.json()), HttpResponse.json({ status: true }))),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/CUSTOM/token:hotp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));

    const qr = await screen.findByRole('img', { name: /Barcode to scan/ });
    const svg = decodeURIComponent(qr.getAttribute('src')!.replace('data:image/svg+xml;utf8,', ''));
    expect(svg).toMatch(/^<svg/);
    await user.click(screen.getByRole('button', { name: "Can't scan?" }));
    expect(screen.getByTestId('secret-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Enter Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate City University Authenticator successfully.')).toBeInTheDocument();
    expect(bodies).toEqual([{ issuer: 'University Account', secret: 'JBSWY3DPEHPK3PXP', passCode: '654321', timestamp: 1_790_000_000_000 }]);
  });

  it('says so when the secret cannot be prepared', async () => {
    server.use(http.get('*/api/v1/user/factor/totp/secret', () => HttpResponse.json({ data: { otpContent: 'garbage' } })));
    const { user } = renderRoute('/profile/mfa/enroll/CUSTOM/token:hotp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The secret key could not be prepared.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

/** "Failed enrollment or activation with no status in the response aborts silently" (spec section 8). */
describe('City University Authenticator wizard: answers without a status (spec section 8)', () => {
  it('an enrollment answered without a status: no success, still on the code', async () => {
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
});
