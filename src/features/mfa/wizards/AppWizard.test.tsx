import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

describe('authenticator app wizard', () => {
  it('walks intro, device, barcode or key, code, and activates', async () => {
    const enrolments: unknown[] = [];
    const activations: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/enroll',
        async ({ request }) => (enrolments.push(await request.json()), HttpResponse.json(example('enrollFactor', 'new-user'))),
      ),
      http.post(
        '*/api/v1/user/factor/:factorId/activate',
        async ({ params, request }) => (
          activations.push([params.factorId, await request.json()]),
          HttpResponse.json(example('activateFactor', 'new-user'))
        ),
      ),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    expect(await screen.findByRole('heading', { name: 'Google / Microsoft Authenticator' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Which phone do you have?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'iPhone' })).toBeChecked();
    expect(screen.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', expect.stringContaining('apps.apple.com'));
    await user.click(screen.getByRole('radio', { name: 'Android' }));
    expect(screen.getByRole('link', { name: /Google Play Store/ })).toHaveAttribute('href', expect.stringContaining('play.google.com'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('img', { name: /Barcode to scan/ })).toBeInTheDocument();
    expect(enrolments).toEqual([{ factorType: 'token:software:totp', provider: 'GOOGLE' }]);
    await user.click(screen.getByRole('button', { name: "Can't scan?" }));
    expect(screen.getByTestId('secret-key')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByRole('button', { name: 'Copy secret key' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(screen.getByRole('img', { name: /Barcode to scan/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(await screen.findByLabelText('Enter Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate OKTA verify successfully.')).toBeInTheDocument();
    expect(activations).toEqual([['uft1siumingoogle', { passCode: '123456' }]]);
  });

  it('asks for a new enrolment when the user goes back and returns to the barcode', async () => {
    let enrolments = 0;
    server.use(http.post('*/api/v1/user/factor/enroll', () => ((enrolments += 1), HttpResponse.json(example('enrollFactor', 'new-user')))));
    const { user } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    expect(enrolments).toBe(2);
  });

  it('stays on the code step when the code is wrong', async () => {
    server.use(
      http.post('*/api/v1/user/factor/:factorId/activate', () =>
        HttpResponse.json({ errorMessage: 'Your passcode doesn\u2019t match our records.' }, { status: 403 }),
      ),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Enter Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your passcode doesn\u2019t match our records.')).toBeInTheDocument();
    expect(screen.getByLabelText('Enter Code')).toHaveValue('000000');
    expect(router.state.location.pathname).toBe('/profile/mfa/enroll/GOOGLE/token:software:totp');
  });
});

describe('authenticator app wizard: answers without a status (spec section 8)', () => {
  it('an activation answered without a status aborts silently: no success, still on the code step', async () => {
    server.use(
      http.post('*/api/v1/user/factor/:factorId/activate', () => HttpResponse.json({ id: 'uft1siumingoogle', factorType: 'token:software:totp' })),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByLabelText('Enter Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled());
    expect(screen.queryByText('Activate OKTA verify successfully.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/mfa/enroll/GOOGLE/token:software:totp');
  });

  it('an enrolment answered without a status shows no barcode', async () => {
    const { _embedded, _links, id } = example<{ id: string; _embedded: unknown; _links: unknown }>('enrollFactor', 'new-user');
    server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json({ id, _embedded, _links })));
    const { user } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The barcode could not be prepared.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Barcode to scan/ })).not.toBeInTheDocument();
  });
});
