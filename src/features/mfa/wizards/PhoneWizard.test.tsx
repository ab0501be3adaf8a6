import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { example } from '../../../../tests/support/examples';
import { setLanguage } from '../../../messages/i18n';
import { renderRoute } from '../../../../tests/support/renderRoute';
import { server } from '../../../../tests/support/server';

afterEach(() => {
  vi.useRealTimers();
});

function recordEnrollments() {
  const bodies: unknown[] = [];
  server.use(
    http.post(
      '*/api/v1/user/factor/enroll/phone',
      async ({ request }) => (bodies.push(await request.json()), HttpResponse.json(example('enrollPhoneFactor', 'new-user'))),
    ),
  );
  return bodies;
}

async function openSms(path = '/profile/mfa/enroll/OKTA/sms') {
  const view = renderRoute(path);
  await view.user.click(await screen.findByRole('button', { name: 'Setup' }));
  await screen.findByRole('heading', { name: 'Your phone number' });
  return view;
}

describe('SMS wizard', () => {
  it('starts with an intro, then asks for the number with the US selected', async () => {
    renderRoute('/profile/mfa/enroll/OKTA/sms');
    expect(await screen.findByRole('heading', { name: 'SMS Authentication' })).toHaveFocus();
    expect(screen.getByText(/text message/)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Setup' }).then((b) => b.click());
    const heading = await screen.findByRole('heading', { name: 'Your phone number' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('United States (+1)');
    expect(screen.getByText('+1')).toBeInTheDocument();
  });

  it('refuses to send an empty number', async () => {
    const bodies = recordEnrollments();
    const { user } = await openSms();
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('This field cannot be left blank')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('sends the code to +dial code and number, then reads Sent; verifies and returns to the list', async () => {
    const bodies = recordEnrollments();
    const activations: unknown[] = [];
    server.use(
      http.post(
        '*/api/v1/user/factor/:factorId/activate',
        async ({ params, request }) => (
          activations.push([params.factorId, await request.json()]),
          HttpResponse.json(example('activateFactor', 'new-user'))
        ),
      ),
    );
    const { user, router } = await openSms();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Hong Kong SAR China (+852)');
    await user.type(screen.getByLabelText('Phone number'), '9123 4567');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));

    expect(await screen.findByRole('button', { name: 'Sent' })).toBeDisabled();
    expect(bodies).toEqual([{ factorType: 'sms', provider: 'OKTA', phoneNumber: '+85291234567' }]);
    // Where the code went: the calling code and the last four digits.
    expect(screen.getByRole('status')).toHaveTextContent('We sent a code to +852 ****4567.');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('This field cannot be left blank')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Enter Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate sms successfully.')).toBeInTheDocument();
    expect(activations).toEqual([[example<{ id: string }>('enrollPhoneFactor', 'new-user').id, { passCode: '123456' }]]);
  });

  it('finishes at once when the server answers ACTIVE', async () => {
    server.use(http.post('*/api/v1/user/factor/enroll/phone', () => HttpResponse.json(example('enrollPhoneFactor', 'active'))));
    const { user, router } = await openSms();
    await user.type(screen.getByLabelText('Phone number'), '4155550100');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa'));
    expect(await screen.findByText('Activate sms successfully.')).toBeInTheDocument();
  });

  it('after 30 s offers Re-send code only while the number is unchanged', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = recordEnrollments();
    const { user } = await openSms();
    await user.type(screen.getByLabelText('Phone number'), '4155550100');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('button', { name: 'Sent' });

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.queryByRole('button', { name: 'Re-send code' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByRole('button', { name: 'Re-send code' })).toBeInTheDocument();
    expect(screen.getByText("Haven't received an SMS? To try again, click Re-send code.")).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone number'), '1');
    expect(screen.queryByRole('button', { name: 'Re-send code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Re-send code' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    await screen.findByRole('button', { name: 'Sent' });
    expect(screen.getByText('We sent a code to +1 ******0100.')).toBeInTheDocument();

    // Another number: the page names the one the latest code went to.
    await user.clear(screen.getByLabelText('Phone number'));
    await user.type(screen.getByLabelText('Phone number'), '212 555 0123');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(await screen.findByText('We sent a code to +1 ******0123.')).toBeInTheDocument();
    expect(screen.queryByText(/0100/)).not.toBeInTheDocument();
  });

  it('shows the banner when sending fails, keeping the number', async () => {
    server.use(http.post('*/api/v1/user/factor/enroll/phone', () => HttpResponse.json({ errorMessage: 'Invalid phone number' }, { status: 400 })));
    const { user } = await openSms();
    await user.type(screen.getByLabelText('Phone number'), '415 555 0100');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('We found some errors. Please review the form and make corrections.');
    expect(banner).toHaveTextContent('Invalid phone number');
    expect(screen.getByLabelText('Phone number')).toHaveValue('415 555 0100');
  });
});

describe('phone numbers as the telephone network knows them', () => {
  it.each([
    ['a UK mobile typed with its trunk 0, without the 0', 'United Kingdom (+44)', '07400 123456', '+447400123456'],
    ['Kosovo with its own +383', 'Kosovo (+383)', '044 123 456', '+38344123456'],
    ['the Dominican Republic with +1 and its own area code', 'Dominican Republic (+1)', '(829) 555-1234', '+18295551234'],
  ])('sends %s (E.164)', async (_, country, typed, e164) => {
    const bodies = recordEnrollments();
    const { user } = await openSms();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), country);
    expect(screen.getByText(`+${country.split('+')[1]!.slice(0, -1)}`)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), typed);
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await screen.findByRole('button', { name: 'Sent' });
    expect(bodies).toEqual([{ factorType: 'sms', provider: 'OKTA', phoneNumber: e164 }]);
  });

  it('says a number cannot exist in the chosen country before the server is asked, and clears it on a change', async () => {
    const bodies = recordEnrollments();
    const { user } = await openSms();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Dominican Republic (+1)');
    await user.type(screen.getByLabelText('Phone number'), '212 555 0123');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(screen.getByText('This is not a valid phone number for Dominican Republic. Check the number and the country.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(/not a valid phone number/);
    expect(bodies).toEqual([]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United States (+1)');
    expect(screen.queryByText(/not a valid phone number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    await waitFor(() => expect(bodies).toEqual([{ factorType: 'sms', provider: 'OKTA', phoneNumber: '+12125550123' }]));
  });

  it('refuses a landline for text messages, and takes it for voice calls', async () => {
    const bodies = recordEnrollments();
    const sms = await openSms();
    await sms.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United Kingdom (+44)');
    await sms.user.type(screen.getByLabelText('Phone number'), '020 7946 0000');
    await sms.user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(
      screen.getByText('This looks like a landline, which cannot receive text messages. Use a mobile number, or set up voice call instead.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    sms.unmount();
    window.sessionStorage.clear();

    const call = await openSms('/profile/mfa/enroll/OKTA/call');
    await call.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'United Kingdom (+44)');
    await call.user.type(screen.getByLabelText('Phone number'), '020 7946 0000');
    await call.user.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() => expect(bodies).toEqual([{ factorType: 'call', provider: 'OKTA', phoneNumber: '+442079460000' }]));
  });

  it('says so in Traditional Chinese too', async () => {
    const { user } = await openSms();
    await user.type(screen.getByLabelText('Phone number'), '123');
    await act(() => setLanguage('zh-HK'));
    await user.click(await screen.findByRole('button', { name: '傳送驗證碼' }));
    expect(await screen.findByText('此號碼不是美國的有效電話號碼。請檢查號碼及國家或地區。')).toBeInTheDocument();
  });
});

describe('voice call wizard', () => {
  it('sends number and extension, reads Calling, then Redial after 30 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = recordEnrollments();
    const { user } = await openSms('/profile/mfa/enroll/OKTA/call');
    await user.type(screen.getByLabelText('Phone number'), '(212) 555-0123');
    await user.type(screen.getByLabelText('Extension'), '89');
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('button', { name: 'Calling' })).toBeDisabled();
    expect(bodies).toEqual([{ factorType: 'call', provider: 'OKTA', phoneNumber: '+12125550123', phoneExtension: '89' }]);
    expect(screen.getByText('We are calling +1 ******0123, extension 89.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(screen.getByRole('button', { name: 'Redial' })).toBeInTheDocument();
    expect(screen.getByText("Haven't received a voice call? To try again, click Redial.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redial' }));
    expect(await screen.findByRole('button', { name: 'Calling' })).toBeDisabled();
    expect(bodies).toHaveLength(2);
    expect(screen.getByText('We are calling +1 ******0123, extension 89.')).toBeInTheDocument();
  });

  it('says where the call goes in Simplified Chinese too', async () => {
    recordEnrollments();
    const { user } = await openSms('/profile/mfa/enroll/OKTA/call');
    await user.type(screen.getByLabelText('Phone number'), '(212) 555-0123');
    await act(() => setLanguage('zh-CN'));
    await user.click(await screen.findByRole('button', { name: '呼叫' }));
    expect(await screen.findByText('我们正在呼叫 +1 ******0123。')).toBeInTheDocument();
  });
});

describe('phone wizards: answers without a status (spec section 8)', () => {
  const BANNER = 'We found some errors. Please review the form and make corrections.';

  it.each([
    ['SMS', '/profile/mfa/enroll/OKTA/sms', 'Send Code', 'Sent'],
    ['voice call', '/profile/mfa/enroll/OKTA/call', 'Call', 'Calling'],
  ])('%s: an enrollment answered without a status shows the banner, not %s', async (_, path, send, sent) => {
    server.use(http.post('*/api/v1/user/factor/enroll/phone', () => HttpResponse.json({ id: 'mbl1nz9JHJGHWRKMTLHP', factorType: 'sms' })));
    const { user } = await openSms(path);
    await user.type(screen.getByLabelText('Phone number'), '415 555 0100');
    await user.click(screen.getByRole('button', { name: send }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BANNER);
    expect(screen.queryByRole('button', { name: sent })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Enter Code')).not.toBeInTheDocument();
  });

  it.each([
    ['SMS', '/profile/mfa/enroll/OKTA/sms', 'Send Code'],
    ['voice call', '/profile/mfa/enroll/OKTA/call', 'Call'],
  ])('%s: an activation answered without a status shows the banner, not the success toast', async (_, path, send) => {
    recordEnrollments();
    server.use(http.post('*/api/v1/user/factor/:factorId/activate', () => HttpResponse.json({ id: 'mbl1nz9JHJGHWRKMTLHP' })));
    const { user, router } = await openSms(path);
    await user.type(screen.getByLabelText('Phone number'), '415 555 0100');
    await user.click(screen.getByRole('button', { name: send }));
    await user.type(await screen.findByLabelText('Enter Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BANNER);
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText(/^Activate .* successfully\.$/)).not.toBeInTheDocument();
  });
});

describe('enrollment route', () => {
  it('says clearly when a provider and factor type pair is not supported', async () => {
    renderRoute('/profile/mfa/enroll/OKTA/u2f');
    expect(await screen.findByRole('alert')).toHaveTextContent('Setting up u2f from OKTA is not supported here.');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Back to Set up MFA' })).toBeInTheDocument();
  });
});

describe('SMS wizard: typing survives a sign-in round trip', () => {
  it('comes back at the number step with the country and number, and forgets them on Cancel', async () => {
    const first = await openSms();
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Hong Kong SAR China (+852)');
    await first.user.type(screen.getByLabelText('Phone number'), '9123 4567');
    first.unmount();

    const again = renderRoute('/profile/mfa/enroll/OKTA/sms');
    expect(await screen.findByLabelText('Phone number')).toHaveValue('9123 4567');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveDisplayValue('Hong Kong SAR China (+852)');
    await again.user.click(screen.getByRole('button', { name: 'Cancel' }));
    again.unmount();

    renderRoute('/profile/mfa/enroll/OKTA/sms');
    expect(await screen.findByRole('button', { name: 'Setup' })).toBeInTheDocument();
  });
});
