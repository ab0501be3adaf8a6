import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { getGetFactorsMockHandler } from '../../../generated/api/factors/factors.msw';
import { getChangePasswordMockHandler } from '../../../generated/api/password/password.msw';
import { getGetPasswordPolicyMockHandler } from '../../../generated/api/password-policy/password-policy.msw';
import { getGetProfileMockHandler } from '../../../generated/api/profile/profile.msw';
import { getListPasskeysMockHandler } from '../../../generated/api/passkeys/passkeys.msw';
import type { FactorListResponse, PasskeyListResponse, PasswordPolicyResponse, ProfileResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { formatLoginTime } from '../login-log/formatLoginTime';

const LOGIN = { time: '2026-11-22T01:42:17Z', browser: 'Firefox 146', place: 'Yau Tsim Mong' };
const GUIDE = '/profile/secure-account';
const step = (name: RegExp) => screen.getByRole('listitem', { name });

beforeEach(() => {
  server.use(
    getGetFactorsMockHandler(example<FactorListResponse>('getFactors', 'full')),
    getListPasskeysMockHandler(example<PasskeyListResponse>('listPasskeys', 'full')),
    getGetProfileMockHandler(example<ProfileResponse>('getProfile', 'full')),
  );
});

/**
 * The guide as Previous Login opens it (the login in the history entry's state), or, with `path`,
 * as an address opens it.
 */
async function openGuide(path?: string) {
  const view = renderRoute(path ?? '/profile/details');
  if (!path) await view.router.navigate({ to: GUIDE, state: { notMeLogin: LOGIN, notMeFor: 'smwong25' } });
  await screen.findByRole('heading', { level: 1, name: 'Secure your account' });
  // The guide's two answers: the sign-in methods, and the profile (its recovery email).
  await screen.findByRole('button', { name: 'Remove SMS Authentication (Work mobile)' });
  await screen.findByText(example<ProfileResponse>('getProfile', 'full').secondaryEmail!);
  return view;
}

describe("This wasn't me", () => {
  it('names the sign-in that prompted it and lists four steps, none done yet', async () => {
    await openGuide();
    const named = screen.getByRole('region', { name: 'The sign-in you did not recognise' });
    expect(named).toHaveTextContent(formatLoginTime(LOGIN.time));
    expect(named).toHaveTextContent('Firefox 146');
    expect(named).toHaveTextContent('Yau Tsim Mong');
    expect(screen.getAllByRole('listitem', { name: /^\d\. / }).map((item) => item.getAttribute('aria-labelledby'))).toHaveLength(4);
    expect(within(step(/Change your password/)).getByText('Not done yet')).toBeInTheDocument();
    expect(within(step(/Review your sign-in methods/)).getByText('Not done yet')).toBeInTheDocument();
  });

  it.each([
    ['a lure that reads like a place', { ...LOGIN, place: 'Call IT Security 3442 8888 now' }, '3442'],
    ['an address to visit', { ...LOGIN, place: 'Visit cityu-secure.co/unlock' }, 'cityu-secure'],
    ['a Cyrillic look-alike', { ...LOGIN, browser: 'Firefox 146', place: 'Yau Tsim M\u043eng' }, 'M\u043eng'],
    ['a link in the place', { ...LOGIN, place: 'Call https://evil.example' }, 'evil.example'],
  ])('names no sign-in for an address that carries one (%s)', async (_, search, crafted) => {
    await openGuide(`${GUIDE}?${new URLSearchParams(search).toString()}`);
    expect(screen.getByRole('heading', { level: 2, name: '1. Change your password' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'The sign-in you did not recognise' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(crafted);
    expect(document.body).not.toHaveTextContent('Firefox 146');
  });

  it('goes on with the visit, naming its sign-in, on the page a sign-in went back to (a step-up asked for on the guide)', async () => {
    const { user, router } = await openGuide();
    await user.click(within(step(/Review your sign-in methods/)).getByRole('button', { name: 'All of these are mine' }));
    await router.navigate({ to: '/profile/details' });
    await router.navigate({ href: GUIDE, replace: true, state: { afterSignIn: true } });
    await waitFor(() => expect(screen.getByRole('region', { name: 'The sign-in you did not recognise' })).toHaveTextContent('Firefox 146'));
    expect(within(step(/Review your sign-in methods/)).getByText('Done in this visit')).toBeInTheDocument();
    // Opened from an address instead, the guide names nothing and the visit starts afresh.
    await router.navigate({ to: '/profile/details' });
    await router.navigate({ to: GUIDE });
    // The page first, then what it leaves out (absent before the page renders too).
    await waitFor(() => expect(within(step(/Review your sign-in methods/)).getByText('Not done yet')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'The sign-in you did not recognise' })).not.toBeInTheDocument();
  });

  it('lists each method with when it was added, and removing one (asked first) marks the step done', async () => {
    const removed: string[] = [];
    const full = example<FactorListResponse>('getFactors', 'full');
    const passkeys = example<PasskeyListResponse>('listPasskeys', 'full');
    server.use(
      // The factors (whose rows the review lists) come back after the passkeys.
      http.get(
        '*/api/v1/user/factor',
        async () => (await delay(50), HttpResponse.json({ factors: full.factors.filter((f) => !removed.includes(f.id!)) })),
      ),
      http.get('*/api/v1/user/passkeys', () => HttpResponse.json({ passkeys: passkeys.passkeys.filter((p) => !removed.includes(p.id)) })),
      // A passkey is removed through its own call, as on the MFA page.
      http.delete('*/api/v1/user/passkeys/:passkeyId', ({ params }) => (removed.push(String(params.passkeyId)), HttpResponse.json({ status: true }))),
    );
    const { user } = await openGuide();
    const methods = step(/Review your sign-in methods/);
    const added = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date('2026-11-22T01:50:03.000Z'));
    // A passkey by the name the MFA page gives it: its nickname, else its model.
    expect(within(methods).getByRole('row', { name: new RegExp(`^Google Password Manager Added ${added}`) })).toBeInTheDocument();
    expect(within(methods).getByRole('row', { name: /^Office key Added/ })).toBeInTheDocument();
    // Which phone each phone method is, masked, so that someone with two phones removes the right one.
    expect(within(methods).getByRole('row', { name: /^SMS Authentication Phone: \+852 \*{4}4567 Added/ })).toBeInTheDocument();
    // Only methods set up are listed, each removable at once; nothing to set up here.
    expect(within(methods).queryByRole('button', { name: /^Set up/ })).not.toBeInTheDocument();

    const removes = () => within(methods).getAllByRole('button', { name: /^Remove / });
    const count = removes().length;
    const at = removes().findIndex((button) => button.getAttribute('aria-label') === 'Remove Google Password Manager');
    await user.click(within(methods).getByRole('button', { name: 'Remove Google Password Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Google Password Manager?' });
    expect(removed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(methods).findByText('Removed in this visit: Google Password Manager')).toBeInTheDocument();
    expect(within(methods).getByText('Done in this visit')).toBeInTheDocument();
    expect(removed).toEqual(['fwf2taimanplatform']);
    await waitFor(() => expect(within(methods).queryByRole('button', { name: 'Remove Google Password Manager' })).not.toBeInTheDocument());
    // Its Remove went with its row (once both lists are read again, the factors last): the focus
    // is on the Remove of the row now in its place, not lost.
    await waitFor(() => expect(removes()).toHaveLength(count - 1));
    await waitFor(() => expect(removes()[Math.min(at, count - 2)]).toHaveFocus());
  });

  it('tells two methods of one kind apart, as the MFA page does: by nickname, else by the phone’s number', async () => {
    const full = example<FactorListResponse>('getFactors', 'full');
    const secondSms = {
      ...full.factors.find((f) => f.factorType === 'sms')!,
      id: 'mbf2personal',
      nickname: undefined,
      profile: { phoneNumber: '+447700900123' },
    };
    server.use(getGetFactorsMockHandler({ factors: [...full.factors, secondSms] }));
    let removed = '';
    server.use(
      http.delete('*/api/v1/user/factor/:factorId', ({ params }) => ((removed = String(params.factorId)), HttpResponse.json({ status: true }))),
    );
    const { user } = await openGuide();
    const methods = step(/Review your sign-in methods/);
    expect(within(methods).getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' })).toBeInTheDocument();
    await user.click(within(methods).getByRole('button', { name: 'Remove SMS Authentication (+44 ******0123)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove SMS Authentication (+44 ******0123)?' })).getByRole('button', { name: 'Remove' }),
    );
    expect(await within(methods).findByText('Removed in this visit: SMS Authentication (+44 ******0123)')).toBeInTheDocument();
    expect(removed).toBe('mbf2personal');
  });

  it('a cancelled removal leaves the step not done', async () => {
    const { user } = await openGuide();
    const methods = step(/Review your sign-in methods/);
    await user.click(within(methods).getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(methods).getByText('Not done yet')).toBeInTheDocument();
    await user.click(within(methods).getByRole('button', { name: 'All of these are mine' }));
    expect(within(methods).getByText('Done in this visit')).toBeInTheDocument();
  });

  it('goes to the password page and, once the password is changed, back to the guide for the same sign-in, step 1 done', async () => {
    server.use(
      getGetPasswordPolicyMockHandler(example<PasswordPolicyResponse>('getPasswordPolicy', 'none')),
      getChangePasswordMockHandler({ status: true }),
    );
    const { user, router } = await openGuide();
    await user.click(within(step(/Change your password/)).getByRole('link', { name: 'Change Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/password'));
    expect(router.state.location.search).toEqual({ from: 'secure-account' });
    await user.type(await screen.findByLabelText('Current password'), 'old-Passw0rd!');
    await user.type(screen.getByLabelText('New password'), 'New-Passw0rd!2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'New-Passw0rd!2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/secure-account'));
    expect(router.state.location.search).toEqual({});
    const password = await screen.findByRole('listitem', { name: /Change your password/ });
    expect(within(password).getByText('Done in this visit')).toBeInTheDocument();
    // The sign-in is still named.
    expect(screen.getByRole('region', { name: 'The sign-in you did not recognise' })).toHaveTextContent('Firefox 146');
  });

  it('the password page opened on its own stays, offering Sign out other devices, instead of going back to the guide', async () => {
    server.use(
      getGetPasswordPolicyMockHandler(example<PasswordPolicyResponse>('getPasswordPolicy', 'none')),
      getChangePasswordMockHandler({ status: true }),
    );
    const { user, router } = renderRoute('/profile/password?from=elsewhere');
    await user.type(await screen.findByLabelText('Current password'), 'old-Passw0rd!');
    await user.type(screen.getByLabelText('New password'), 'New-Passw0rd!2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'New-Passw0rd!2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('region', { name: 'Your password is changed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile/password');
  });

  it('counts the recovery email and the question as checked once seen to, and the step done with both', async () => {
    const { user, router } = await openGuide();
    const details = step(/Check your recovery email and security question/);
    expect(within(details).getByText(example<ProfileResponse>('getProfile', 'full').secondaryEmail!)).toBeInTheDocument();
    expect(within(details).getByText('What is the food you least liked as a child?')).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'This email is mine' }));
    expect(within(details).getAllByText('Done in this visit')).toHaveLength(1);
    expect(within(details).getAllByText('Not done yet')).toHaveLength(2);
    await user.click(within(details).getByRole('link', { name: 'Check your security question' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/question'));
    router.history.back();
    const back = await screen.findByRole('listitem', { name: /Check your recovery email and security question/ });
    await waitFor(() => expect(within(back).getAllByText('Done in this visit')).toHaveLength(3));
  });

  // A shared computer: the person before left without logging out, their session ended, and the
  // next person signed in in the same tab.
  it('shows the next person to sign in in this tab nothing of the visit the person before began', async () => {
    const { user, router, auth } = await openGuide();
    await user.click(within(step(/Review your sign-in methods/)).getByRole('button', { name: 'All of these are mine' }));
    auth.subject.mockReturnValue('taiman.chan');
    // The page a sign-in went back to (as after the session dialog's sign-in on the guide).
    await router.navigate({ to: '/profile/details' });
    await router.navigate({ href: GUIDE, replace: true, state: { afterSignIn: true } });
    await waitFor(() => expect(within(step(/Review your sign-in methods/)).getByText('Not done yet')).toBeInTheDocument());
    expect(screen.queryByRole('region', { name: 'The sign-in you did not recognise' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Firefox 146');
    // Back to the entry Previous Login made for the person before: their sign-in is not named either.
    await router.navigate({ to: '/profile/details' });
    await router.navigate({ to: GUIDE, state: { notMeLogin: LOGIN, notMeFor: 'smwong25' } });
    await screen.findByRole('heading', { level: 2, name: '1. Change your password' });
    expect(screen.queryByRole('region', { name: 'The sign-in you did not recognise' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Firefox 146');
  });

  it('starts a new visit for another sign-in', async () => {
    const { user, router } = await openGuide();
    await user.click(within(step(/Review your sign-in methods/)).getByRole('button', { name: 'All of these are mine' }));
    expect(within(step(/Review your sign-in methods/)).getByText('Done in this visit')).toBeInTheDocument();
    await router.navigate({ to: GUIDE, state: { notMeLogin: { ...LOGIN, time: '2026-11-21T02:09:25Z' }, notMeFor: 'smwong25' } });
    await waitFor(() => expect(within(step(/Review your sign-in methods/)).getByText('Not done yet')).toBeInTheDocument());
  });

  it('signs out the other devices, beside the logout, and counts the step done in this visit', async () => {
    let ended = 0;
    server.use(http.delete('*/api/v1/user/sessions/others', () => ((ended += 1), HttpResponse.json({ status: true }))));
    const { user, auth, router } = await openGuide();
    const signOut = step(/^4\. Sign out$/);
    expect(within(signOut).getByText('Not done yet')).toBeInTheDocument();
    expect(signOut).toHaveTextContent('Ends the sign-ins in your other browsers and apps. You stay signed in here.');
    await user.click(within(signOut).getByRole('button', { name: 'Sign out other devices' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out other devices?' })).getByRole('button', { name: 'Sign out other devices' }),
    );
    expect(await within(signOut).findByText('Done in this visit')).toBeInTheDocument();
    expect(ended).toBe(1);
    expect(auth.signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/profile/secure-account');
    // Still named: the visit goes on.
    expect(screen.getByRole('region', { name: 'The sign-in you did not recognise' })).toHaveTextContent('Firefox 146');
  });

  it('signs out everywhere with the portal’s logout, saying what it does', async () => {
    const { user, auth, router } = await openGuide();
    const signOut = step(/^4\. Sign out$/);
    expect(signOut).toHaveTextContent('Signs you out on every device and in every tab.');
    await user.click(within(signOut).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(auth.signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signed-out'));
  });
});
