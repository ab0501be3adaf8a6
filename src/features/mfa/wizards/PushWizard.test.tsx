import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

afterEach(() => {
  vi.useRealTimers();
});

function servePush(pollAnswers: Array<() => Response | Promise<Response>>) {
  const enrolments: unknown[] = [];
  let polls = 0;
  server.use(
    http.post(
      '*/api/v1/user/factor/enroll',
      async ({ request }) => (enrolments.push(await request.json()), HttpResponse.json(example('enrollFactor', 'full'))),
    ),
    http.post('*/api/v1/user/factor/:factorId/activate/poll', () => {
      const answer = pollAnswers[Math.min(polls, pollAnswers.length - 1)]!;
      polls += 1;
      return answer();
    }),
  );
  return { enrolments, polls: () => polls };
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
    expect(push.enrolments).toEqual([{ factorType: 'push', provider: 'OKTA' }]);
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
    await waitFor(() => expect(push.enrolments).toHaveLength(2));
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
    expect(push.enrolments).toHaveLength(2);
  });
});

describe('Okta Verify code wizard', () => {
  it('enrols OKTA token:software:totp and confirms with its own success text', async () => {
    const enrolments: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/enroll',
        async ({ request }) => (enrolments.push(await request.json()), HttpResponse.json(example('enrollFactor', 'new-user'))),
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
    expect(enrolments).toEqual([{ factorType: 'token:software:totp', provider: 'OKTA' }]);
  });
});
