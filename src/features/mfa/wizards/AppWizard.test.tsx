import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

afterEach(() => {
  vi.useRealTimers();
});

describe('authenticator app wizard', () => {
  it('walks intro, device, barcode or key, code, and activates', async () => {
    const enrollments: unknown[] = [];
    const activations: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/enroll',
        async ({ request }) => (enrollments.push(await request.json()), HttpResponse.json(example('enrollFactor', 'new-user'))),
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
    expect(enrollments).toEqual([{ factorType: 'token:software:totp', provider: 'GOOGLE' }]);
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

  it('asks for a new enrollment when the user goes back and returns to the barcode', async () => {
    let enrollments = 0;
    server.use(http.post('*/api/v1/user/factor/enroll', () => ((enrollments += 1), HttpResponse.json(example('enrollFactor', 'new-user')))));
    const { user } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    expect(enrollments).toBe(2);
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

  it('an enrollment answered without a status shows no barcode', async () => {
    const { _embedded, _links, id } = example<{ id: string; _embedded: unknown; _links: unknown }>('enrollFactor', 'new-user');
    server.use(http.post('*/api/v1/user/factor/enroll', () => HttpResponse.json({ id, _embedded, _links })));
    const { user } = renderRoute('/profile/mfa/enroll/GOOGLE/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The barcode could not be prepared.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Barcode to scan/ })).not.toBeInTheDocument();
  });
});

function servePush(pollAnswers: Array<() => Response | Promise<Response>>) {
  const enrollments: unknown[] = [];
  let polls = 0;
  server.use(
    http.post(
      '*/api/v1/user/factor/enroll',
      async ({ request }) => (enrollments.push(await request.json()), HttpResponse.json(example('enrollFactor', 'full'))),
    ),
    http.post('*/api/v1/user/factor/:factorId/activate/poll', () => {
      const answer = pollAnswers[Math.min(polls, pollAnswers.length - 1)]!;
      polls += 1;
      return answer();
    }),
  );
  return { enrollments, polls: () => polls };
}

async function toBarcode() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const view = renderRoute('/profile/mfa/enroll/OKTA/push');
  expect(await screen.findByText('Use a push notification sent to the mobile app')).toBeInTheDocument();
  await view.user.click(screen.getByRole('button', { name: 'Setup' }));
  expect(await screen.findByRole('link', { name: /Install Okta Verify from the App Store/ })).toHaveAttribute(
    'href',
    expect.stringContaining('okta-verify'),
  );
  await view.user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('img', { name: /Barcode to scan/ });
  return view;
}

const waiting = () => HttpResponse.json(example('pollFactorActivation', 'new-user'));

describe('Okta Verify push wizard', () => {
  it('polls every 5 s and finishes when the app confirms', async () => {
    const push = servePush([waiting, () => HttpResponse.json(example('pollFactorActivation', 'active'))]);
    const { router } = await toBarcode();
    expect(push.enrollments).toEqual([{ factorType: 'push', provider: 'OKTA' }]);
    expect(screen.getByText('Waiting for Okta Verify to confirm...')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(push.polls()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(push.polls()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate Okta verify successfully.')).toBeInTheDocument();
  });

  it("stops on TIMEOUT with 'Activation timeout' and offers to send again", async () => {
    const push = servePush([() => HttpResponse.json(example('pollFactorActivation', 'timeout'))]);
    const { user } = await toBarcode();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(await screen.findByText('Activation timeout')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(push.polls()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(push.enrollments).toHaveLength(2));
    await screen.findByRole('img', { name: /Barcode to scan/ });
  });

  it("stops with 'Cannot connect to server' when a poll fails", async () => {
    const push = servePush([() => HttpResponse.error()]);
    await toBarcode();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    expect(await screen.findByText('Cannot connect to server')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(push.polls()).toBe(1);
  });

  it('never starts a poll while the last one is still out', async () => {
    let answer: (response: Response) => void = () => undefined;
    const slow = () => new Promise<Response>((resolve) => (answer = resolve));
    const push = servePush([slow, waiting]);
    await toBarcode();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(push.polls()).toBe(1));
    // Another interval passes with the first poll unanswered (within the request's own 10 s).
    await act(() => vi.advanceTimersByTimeAsync(8_000));
    expect(push.polls()).toBe(1);
    // The next one follows an interval after the answer.
    answer(waiting());
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(push.polls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(push.polls()).toBe(2));
    expect(screen.getByText('Waiting for Okta Verify to confirm...')).toBeInTheDocument();
  });

  it('stops polling when the user leaves the page', async () => {
    const push = servePush([waiting]);
    const { unmount } = await toBarcode();
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await waitFor(() => expect(push.polls()).toBe(1));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(push.polls()).toBe(1);
  });

  it('shows the secret key with a Verify button, and a way back to a freshly enrolled barcode', async () => {
    const push = servePush([waiting]);
    const { user } = await toBarcode();
    await user.click(screen.getByRole('button', { name: "Can't scan?" }));
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Scan barcode' }));
    expect(await screen.findByRole('img', { name: /Barcode to scan/ })).toBeInTheDocument();
    expect(push.enrollments).toHaveLength(2);
  });
});

describe('Okta Verify code wizard', () => {
  it('enrolls OKTA token:software:totp and confirms with its own success text', async () => {
    const enrollments: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/enroll',
        async ({ request }) => (enrollments.push(await request.json()), HttpResponse.json(example('enrollFactor', 'new-user'))),
      ),
    );
    const { user, router } = renderRoute('/profile/mfa/enroll/OKTA/token:software:totp');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('img', { name: /Barcode to scan/ });
    await user.click(screen.getByRole('button', { name: "Can't scan?" }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.type(await screen.findByLabelText('Enter Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate Okta veryify successfully.')).toBeInTheDocument();
    expect(enrollments).toEqual([{ factorType: 'token:software:totp', provider: 'OKTA' }]);
  });
});
