import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';
import { config } from '../../../shared/config/config';

/**
 * Every wizard fed Okta's own published answers (openapi.yaml's `okta-*` examples: the
 * Factors API reference and Okta's management OpenAPI specification, their host being the dev
 * stack's Okta organisation), as they are, to the end.
 */
const OKTA = 'https://university.okta.example';

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'credentials');
});

function answer(enrollment: [string, string], activation?: string, polls: string[] = []) {
  const calls: string[] = [];
  let polled = 0;
  const [enrollOperation, enrollExample] = enrollment;
  const enrollPath = { enrollFactor: 'enroll', enrollPhoneFactor: 'enroll/phone', enrollEmailFactor: 'enroll/email' }[enrollOperation]!;
  server.use(
    http.post(`*/api/v1/user/factor/${enrollPath}`, () => (calls.push('enroll'), HttpResponse.json(example(enrollOperation, enrollExample)))),
    http.post(
      '*/api/v1/user/factor/:factorId/activate',
      ({ params }) => (calls.push(`activate ${params.factorId}`), HttpResponse.json(example('activateFactor', activation!))),
    ),
    http.post('*/api/v1/user/factor/:factorId/activate/poll', ({ params }) => {
      calls.push(`poll ${params.factorId}`);
      return HttpResponse.json(example('pollFactorActivation', polls[Math.min(polled++, polls.length - 1)]!));
    }),
  );
  return calls;
}

describe("wizards fed Okta's published answers", () => {
  it('Okta Verify push: the barcode from _embedded.activation._links, no key to type, polled to the end', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = answer(['enrollFactor', 'okta-push'], undefined, ['okta-waiting', 'okta-active']);
    const { user, router } = renderRoute('/profile/mfa/enroll/OKTA/push');
    await user.click(await screen.findByRole('button', { name: 'Setup' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('img', { name: /Barcode to scan/ })).toHaveAttribute(
      'src',
      `${OKTA}/api/v1/users/00u15s1KDETTQMQYABRL/factors/opfbtzzrjgwauUsxO0g4/qr/00Ji8qVBNJD4LmjYy1WZO2VbNqvvPdaCVua-1qjypa`,
    );
    await user.click(screen.getByRole('button', { name: "Can't scan?" }));
    expect(screen.getByText(/There is no key to type for this set-up/)).toBeInTheDocument();
    expect(screen.queryByTestId('secret-key')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate Okta verify successfully.')).toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('poll'))).toEqual(['poll opfbtzzrjgwauUsxO0g4', 'poll opfbtzzrjgwauUsxO0g4']);
  });

  it('shows no barcode from a host config.json does not name, and says so', async () => {
    const configured = config.oktaOrgUrl;
    config.oktaOrgUrl = '';
    try {
      answer(['enrollFactor', 'okta-push']);
      const { user } = renderRoute('/profile/mfa/enroll/OKTA/push');
      await user.click(await screen.findByRole('button', { name: 'Setup' }));
      await user.click(await screen.findByRole('button', { name: 'Next' }));
      expect(await screen.findByText(/The barcode cannot be shown here/)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /Barcode to scan/ })).not.toBeInTheDocument();
    } finally {
      config.oktaOrgUrl = configured;
    }
  });

  it('Okta Verify push: an Okta timeout (factorResult alone) stops with a resend', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answer(['enrollFactor', 'okta-push'], undefined, ['okta-timeout']);
    const { user } = renderRoute('/profile/mfa/enroll/OKTA/push');
    await user.click(await screen.findByRole('button', { name: 'Setup' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(await screen.findByText('Activation timeout')).toBeInTheDocument();
  });

  it.each([
    // 'veryify': the spec's own text.
    ['Okta Verify code', '/profile/mfa/enroll/OKTA/token:software:totp', 'okta-totp', 'Verify', 'Activate Okta veryify successfully.'],
    ['Google Authenticator', '/profile/mfa/enroll/GOOGLE/token:software:totp', 'okta-google', 'Next', 'Activate OKTA verify successfully.'],
  ])('%s: the barcode where Okta puts it, the key, the code, activated', async (_, path, enrollment, manualButton, success) => {
    const calls = answer(['enrollFactor', enrollment], 'okta-totp');
    const { user, router } = renderRoute(path);
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('img', { name: /Barcode to scan/ })).toHaveAttribute(
      'src',
      `${OKTA}/api/v1/users/00u15s1KDETTQMQYABRL/factors/ostf1fmaMGJLMNGNLIVG/qr/00fukNElRS_Tz6k-CFhg3pH4KO2dj2guhmaapXWbc4`,
    );
    await user.click(screen.getByRole('button', { name: "Can't scan?" }));
    expect(screen.getByTestId('secret-key')).toHaveTextContent('JBTWGV22G4ZGKV3N');
    await user.click(screen.getByRole('button', { name: manualButton }));
    await user.type(await screen.findByLabelText('Enter Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(calls).toContain('activate ostf1fmaMGJLMNGNLIVG');
  });

  it.each([
    ['SMS', '/profile/mfa/enroll/OKTA/sms', 'okta-sms', 'Send Code', 'Sent', 'Activate sms successfully.', 'activate mbl1nz9JHJGHWRKMTLHP'],
    [
      'voice call',
      '/profile/mfa/enroll/OKTA/call',
      'okta-call',
      'Call',
      'Calling',
      'Activate voice call successfully.',
      'activate clf1nz9JHJGHWRKMTLHP',
    ],
  ])('%s: Okta’s enrollment and activation, to the end', async (_, path, name, send, sent, success, activation) => {
    const calls = answer(['enrollPhoneFactor', name], name);
    const { user, router } = renderRoute(path);
    await user.click(await screen.findByRole('button', { name: 'Setup' }));
    await user.type(await screen.findByLabelText('Phone number'), '(415) 555-1337');
    await user.click(screen.getByRole('button', { name: send }));
    expect(await screen.findByRole('button', { name: sent })).toBeDisabled();
    await user.type(screen.getByLabelText('Enter Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText(success)).toBeInTheDocument();
    expect(calls).toEqual(['enroll', activation]);
  });

  it('email: Okta’s enrollment and activation, to the end', async () => {
    const calls = answer(['enrollEmailFactor', 'okta-email'], 'okta-email');
    const { user, router } = renderRoute('/profile/mfa/enroll/OKTA/email');
    await user.click(await screen.findByRole('button', { name: 'Send me the code' }));
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate OKTA Email successfully.')).toBeInTheDocument();
    expect(calls).toEqual(['enroll', 'activate emfnf3gSScB8xXoXK0g3']);
  });
});
