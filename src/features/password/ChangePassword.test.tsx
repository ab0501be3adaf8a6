import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetPasswordPolicyMockHandler } from '../../../generated/api/password-policy/password-policy.msw';
import type { PasswordPolicyResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

function usePolicy(name: 'full' | 'none' | 'names-only') {
  server.use(getGetPasswordPolicyMockHandler(example<PasswordPolicyResponse>('getPasswordPolicy', name)));
}

async function openPage() {
  const view = renderRoute('/profile/password');
  await screen.findByLabelText('Current password');
  return view;
}

const hints = () => screen.queryByTestId('password-hints');
/** What a screen reader reads of each hint: its text without the decorative icon. */
const hintTexts = () =>
  within(hints()!)
    .getAllByRole('listitem')
    .map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('[aria-hidden="true"]').forEach((node) => node.remove());
      return copy.textContent?.replace(/\s+/g, ' ').trim();
    });

async function fill(user: ReturnType<typeof renderRoute>['user'], values: { current?: string; next?: string; confirm?: string }) {
  if (values.current) await user.type(screen.getByLabelText('Current password'), values.current);
  if (values.next) await user.type(screen.getByLabelText('New password'), values.next);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm new password'), values.confirm);
}

describe('Change Password', () => {
  it("tells password managers the server's policy on the new-password field only", async () => {
    const policy = example<PasswordPolicyResponse>('getPasswordPolicy', 'full').settings.password.complexity;
    usePolicy('full');
    await openPage();
    expect(screen.getByLabelText('New password')).toHaveAttribute(
      'passwordrules',
      `minlength: ${policy.minLength}; required: lower; required: upper; required: digit; required: [-$&+,:;=?@#|'<>.^*()%!]; allowed: lower, upper, digit, [-$&+,:;=?@#|'<>.^*()%!];`,
    );
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('passwordrules');
    expect(screen.getByLabelText('Confirm new password')).not.toHaveAttribute('passwordrules');
  });

  it('shows every hint of a policy with all rules on', async () => {
    usePolicy('full');
    await openPage();
    expect(screen.getByText('Your new password must meet these requirements:')).toBeInTheDocument();
    expect(hintTexts()).toEqual([
      'At least 8 characters',
      'A lowercase letter (a-z)',
      'An uppercase letter (A-Z)',
      'A number (0-9)',
      "A symbol: $ & + , : ; = ? @ # | ' < > . ^ * ( ) % ! -",
      'Not your first name',
      'Not your last name',
      'No parts of your username',
      'Cannot be any of your last 4 passwords',
      'At least 60 minutes must pass since your last change',
      'Expires 90 days after it is set',
    ]);
  });

  it('shows no hints for a policy without rules, and accepts any matching password', async () => {
    usePolicy('none');
    let body: unknown;
    server.use(
      http.post('*/api/v1/user/credential/password', async ({ request }) => ((body = await request.json()), HttpResponse.json({ status: true }))),
    );
    const { user } = await openPage();
    expect(hints()).not.toBeInTheDocument();
    await fill(user, { current: 'old', next: 'a', confirm: 'a' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(body).toEqual({ password: 'old', newPassword: 'a', confirmPassword: 'a' }));
  });

  it('shows only the name and username hints for a names-only policy', async () => {
    usePolicy('names-only');
    await openPage();
    expect(hintTexts()).toEqual(['Not your first name', 'Not your last name', 'No parts of your username']);
  });

  it('marks each hint met or not as the user types, in text as well as by icon', async () => {
    usePolicy('full');
    const { user } = await openPage();
    await user.type(screen.getByLabelText('New password'), 'wong');
    expect(hintTexts()).toEqual(
      expect.arrayContaining([
        'Not met: At least 8 characters',
        'Met: A lowercase letter (a-z)',
        'Not met: An uppercase letter (A-Z)',
        'Met: Not your first name',
        'Not met: Not your last name',
        'Met: No parts of your username',
      ]),
    );
    expect(hints()).toHaveAttribute('aria-live', 'polite');
  });

  it('reports the three empty fields on submit', async () => {
    usePolicy('full');
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('New password cannot be empty.')).toBeInTheDocument();
    expect(screen.getByText('Confirm New password cannot be empty.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveFocus();
  });

  it('shows the messages already on screen in the language the user switches to', async () => {
    usePolicy('full');
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Current password cannot be empty.');
    await user.click(screen.getByRole('button', { name: '繁體中文' }));
    expect(await screen.findByText('目前密碼不可留空。')).toBeInTheDocument();
    expect(screen.getByText('新密碼不可留空。')).toBeInTheDocument();
    expect(screen.getByText('確認新密碼不可留空。')).toBeInTheDocument();
    expect(screen.queryByText('Current password cannot be empty.')).not.toBeInTheDocument();
  });

  it('shows every failing rule at once, the mismatch on both fields, and clears the form', async () => {
    usePolicy('full');
    let posted = false;
    server.use(http.post('*/api/v1/user/credential/password', () => ((posted = true), HttpResponse.json({ status: true }))));
    const { user } = await openPage();
    await fill(user, { current: 'old-secret', next: 'wong25', confirm: 'wong26' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    for (const message of [
      'New password needs at least 8 characters.',
      'New password needs at least one uppercase letter.',
      'New password needs at least one symbol.',
      'New password cannot contain parts of your last name.',
      "New password and Confirm New Password don't match.",
      'Confirm new password is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.queryByText('New password needs at least one number.')).not.toBeInTheDocument();
    expect(screen.queryByText('New password cannot contain parts of your first name.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/New password needs at least 8 characters\./);
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(posted).toBe(false);
  });

  it('posts a valid change, shows the success toast, then offers Sign out other devices and the way to the profile', async () => {
    usePolicy('full');
    let body: unknown;
    server.use(
      http.post('*/api/v1/user/credential/password', async ({ request }) => ((body = await request.json()), HttpResponse.json({ status: true }))),
    );
    const { user, router } = await openPage();
    await fill(user, { current: 'old-secret', next: 'Blue-Harbour-42', confirm: 'Blue-Harbour-42' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed successfully.')).toBeInTheDocument();
    expect(body).toEqual({ password: 'old-secret', newPassword: 'Blue-Harbour-42', confirmPassword: 'Blue-Harbour-42' });
    // Browsers and apps signed in before keep their access: the page says so and offers to sign them out.
    const changed = await screen.findByRole('region', { name: 'Your password is changed' });
    expect(screen.getByRole('heading', { name: 'Your password is changed' })).toHaveFocus();
    expect(changed).toHaveTextContent('Browsers and apps signed in before the change keep their access until they sign in again.');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    let ended = 0;
    server.use(http.delete('*/api/v1/user/sessions/others', () => ((ended += 1), HttpResponse.json({ status: true }))));
    await user.click(within(changed).getByRole('button', { name: 'Sign out other devices' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out other devices?' })).getByRole('button', { name: 'Sign out other devices' }),
    );
    expect(await screen.findByText('Your other devices and apps are signed out. This browser is still signed in.')).toBeInTheDocument();
    expect(ended).toBe(1);
    expect(router.state.location.pathname).toBe('/profile/password');
    // '/' sends a signed-in user on to the profile.
    await user.click(within(changed).getByRole('link', { name: 'Go to my profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/details'));
    expect(window.location.href).not.toContain('Blue-Harbour');
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).not.toContain('Blue-Harbour');
  });

  it("shows the server's errorMessage in a toast and stays on the page", async () => {
    usePolicy('full');
    server.use(
      http.post('*/api/v1/user/credential/password', () =>
        HttpResponse.json({ errorMessage: 'Password has been used too recently.' }, { status: 400 }),
      ),
    );
    const { user, router } = await openPage();
    await fill(user, { current: 'old-secret', next: 'Blue-Harbour-42', confirm: 'Blue-Harbour-42' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password has been used too recently.');
    expect(router.state.location.pathname).toBe('/profile/password');
    // The fields are empty again: the focus is on the first, not lost with the disabled button.
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    expect(screen.queryByText('Password changed successfully.')).not.toBeInTheDocument();
  });

  it('Clear empties the fields and the messages', async () => {
    usePolicy('full');
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Current password cannot be empty.');
    await fill(user, { current: 'abc', next: 'def' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveValue('');
    expect(screen.queryByText('Current password cannot be empty.')).not.toBeInTheDocument();
  });

  it('offers show/hide and the right autocomplete on each field', async () => {
    usePolicy('full');
    const { user } = await openPage();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    const current = screen.getByLabelText('Current password');
    expect(current).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(current).toHaveAttribute('type', 'text');
  });

  it('offers a retry when the policy cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/user/credential/password/policy', () => HttpResponse.json({ errorMessage: 'Policy service down' }, { status: 500 })),
    );
    const { user } = renderRoute('/profile/password');
    expect(await screen.findByText('The password policy could not be loaded.')).toBeInTheDocument();
    usePolicy('full');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
  });
});
