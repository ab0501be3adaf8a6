import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { getGetFactorsMockHandler } from '../../../generated/api/factors/factors.msw';
import { getListPasskeysMockHandler } from '../../../generated/api/passkeys/passkeys.msw';
import type { FactorListResponse, PasskeyListResponse } from '../../../generated/model';
import { draftKey, NEW_PHONE_GUIDE_KEY } from '../../shared/storage/storageKeys';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

const table = () => screen.getByRole('table');
const rowsText = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** "Added {date}" as the page writes it in English, in the test's own time zone. */
const added = (iso: string) => `Added ${new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso))}`;

/** The full persona: its factors and its two passkeys. */
function full() {
  server.use(getGetFactorsMockHandler(example<FactorListResponse>('getFactors', 'full')));
  server.use(getListPasskeysMockHandler(example<PasskeyListResponse>('listPasskeys', 'full')));
}

/** Each rename the page sends (the factor's id and the body), answered as the contract's example is. */
function recordRenames(): unknown[] {
  const sent: unknown[] = [];
  server.use(
    http.patch('*/api/v1/user/factor/:factorId', async ({ params, request }) => {
      sent.push([params.factorId, await request.json()]);
      return HttpResponse.json(example('renameFactor', 'full'));
    }),
  );
  return sent;
}

afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('Set up MFA', () => {
  it('shows every known factor of the new user as Disabled in view mode', async () => {
    renderRoute('/profile/mfa');
    await screen.findByRole('table');
    expect(rowsText()).toEqual([
      ['Okta Verify', 'Disabled'],
      ['Google / Microsoft Authenticator', 'Disabled'],
      ['Email Authentication', 'Disabled'],
      ['SMS Authentication', 'Disabled'],
      ['Voice Call Authentication', 'Disabled'],
      ['City University Authenticator', 'Disabled'],
    ]);
    // No passkey yet, and a way to add one; nothing on a phone, so no guide to moving phones.
    const passkeys = await screen.findByRole('region', { name: 'Passkeys' });
    expect(passkeys).toHaveTextContent('You have no passkeys yet.');
    expect(within(passkeys).getByRole('button', { name: 'Add a passkey' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Moving to a new phone?' })).not.toBeInTheDocument();
  });

  it('says of each method its nickname, when it was added and when it was last used, as a person says it', async () => {
    vi.setSystemTime(new Date('2026-11-29T12:00:00.000Z'));
    full();
    renderRoute('/profile/mfa');
    await screen.findByRole('table');
    const row = (name: RegExp) => screen.getByRole('row', { name });
    expect(row(/^Okta Verify/)).toHaveTextContent(`Okta VerifyNickname: Old iPhone${added('2024-09-02T03:14:07.000Z')}Last used 3 days agoEnabled`);
    expect(row(/^SMS Authentication/)).toHaveTextContent(
      `SMS AuthenticationNickname: Work mobilePhone: +852 ****4567${added('2025-03-10T06:45:12.000Z')}Last used last weekEnabled`,
    );
    expect(row(/^Google/)).toHaveTextContent('Last used 2 months ago');
    expect(row(/^Email/)).toHaveTextContent('Last used 2 years ago');
    expect(row(/^City University/)).toHaveTextContent('Last used today');
    expect(row(/^Voice Call/)).toHaveTextContent('Never used');
    // Passkeys are listed once, in their own section, not in the table.
    expect(within(table()).queryByText(/YubiKey|Google Password Manager|Office key/)).not.toBeInTheDocument();
    const items = within(await screen.findByRole('region', { name: 'Passkeys' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(`Office keyModel: YubiKey 5 NFCOn one device only${added('2025-10-20T08:05:59.000Z')}Last used last week`);
    expect(items[1]).toHaveTextContent(`Google Password ManagerSynced to your devices${added('2026-11-22T01:50:03.000Z')}Last used yesterday`);
    expect(items).toHaveLength(2);
  });

  it('shows a nickname as text, labelled, beside the method’s own name: never as markup or in its place', async () => {
    const factors = example<FactorListResponse>('getFactors', 'full').factors.map((f) =>
      f.id === 'mbf1taimansms' ? { ...f, nickname: '\u202eOkta Verify<img src=x onerror="window.hit=1">' } : f,
    );
    server.use(getGetFactorsMockHandler({ factors }));
    const { user } = renderRoute('/profile/mfa');
    const sms = await screen.findByRole('row', { name: /^SMS Authentication/ });
    expect(within(sms).getByText('Nickname: Okta Verify<img src=x onerror="window.hit=1">')).toBeInTheDocument();
    expect(sms.querySelector('img')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Rename SMS Authentication (Okta Verify<img src=x onerror="window.hit=1">)' })).toBeInTheDocument();
  });

  it('says when each method was added where the server gives the date, and nothing where it does not', async () => {
    const persona = example<FactorListResponse>('getFactors', 'full');
    server.use(
      getGetFactorsMockHandler({
        factors: persona.factors.map((f) => (f.factorType === 'call' ? { ...f, created: undefined, lastUpdated: undefined } : f)),
      }),
    );
    renderRoute('/profile/mfa');
    await screen.findByRole('table');
    expect(screen.getByRole('row', { name: /^Voice Call/ })).not.toHaveTextContent('Added');
    // Okta Verify (its code entry folded in), Google, email, SMS and the university's authenticator.
    expect(within(table()).getAllByText(/^Added /)).toHaveLength(5);
  });

  it('shows which phone each SMS or voice method uses, masked, and no number it cannot read', async () => {
    const full = example<FactorListResponse>('getFactors', 'full');
    const numbers: Record<string, string> = { sms: '+1-555-415-1337', call: '+852 <b>2123</b> 4567' };
    server.use(
      getGetFactorsMockHandler({
        factors: full.factors.map((f) => (numbers[f.factorType] ? { ...f, profile: { phoneNumber: numbers[f.factorType]! } } : f)),
      }),
    );
    renderRoute('/profile/mfa');
    await screen.findByRole('table');
    const sms = screen.getByRole('row', { name: /SMS Authentication/ });
    expect(within(sms).getByText('Phone: +1 ******1337')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Voice Call Authentication/ })).not.toHaveTextContent(/Phone|2123|4567/);
    expect(screen.getAllByText(/^Phone: /)).toHaveLength(1);
  });

  it('removes a factor, says so and refreshes the list', async () => {
    let removed = '';
    const full = example<FactorListResponse>('getFactors', 'full');
    server.use(
      http.get('*/api/v1/user/factor', () =>
        HttpResponse.json(
          removed ? { factors: full.factors.map((f) => (f.id === removed ? { ...f, id: undefined, status: 'NOT_SETUP' } : f)) } : full,
        ),
      ),
      http.delete('*/api/v1/user/factor/:factorId', ({ params }) => ((removed = String(params.factorId)), HttpResponse.json({ status: true }))),
    );
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' }));
    // The person is asked first, with the factor named; nothing is removed before they say so.
    const dialog = await screen.findByRole('dialog', { name: 'Remove SMS Authentication (Work mobile)?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with SMS Authentication (Work mobile). You can set it up again later.');
    expect(removed).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Reset factor successfully')).toBeInTheDocument();
    // The Remove pressed has gone with its row: the focus is on what took the row's place, not lost.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set up SMS Authentication' })).toHaveFocus());
    expect(removed).toMatch(/sms/);
  });

  it.each([
    ['a plain true', true, true],
    ['status true', { status: true }, true],
    ['status false', { status: false }, false],
  ])(
    'answered %s, says "Reset factor successfully" only when the data is truthy (spec section 7), and that it was not otherwise',
    async (_, answer, success) => {
      server.use(getGetFactorsMockHandler(example<FactorListResponse>('getFactors', 'full')));
      let removed = false;
      server.use(http.delete('*/api/v1/user/factor/:factorId', () => ((removed = true), HttpResponse.json(answer))));
      const { user } = renderRoute('/profile/mfa');
      await user.click(await screen.findByRole('button', { name: 'Edit' }));
      await user.click(screen.getByRole('button', { name: 'Remove Email Authentication' }));
      await user.click(within(await screen.findByRole('dialog', { name: 'Remove Email Authentication?' })).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(removed).toBe(true));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      if (success) expect(await screen.findByText('Reset factor successfully')).toBeInTheDocument();
      else {
        expect(await screen.findByRole('alert')).toHaveTextContent('Email Authentication was not removed. Please try again.');
        expect(screen.queryByText('Reset factor successfully')).not.toBeInTheDocument();
      }
    },
  );

  it('Cancel in the confirmation removes nothing', async () => {
    let removed = false;
    full();
    server.use(http.delete('*/api/v1/user/passkeys/:passkeyId', () => ((removed = true), HttpResponse.json({ status: true }))));
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Remove Office key' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Office key?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).toBe(false);
  });

  it('removes a passkey through its own call, asking first and naming it, and lists it no more', async () => {
    const removed: string[] = [];
    const persona = example<PasskeyListResponse>('listPasskeys', 'full');
    full();
    server.use(
      http.get('*/api/v1/user/passkeys', () => HttpResponse.json({ passkeys: persona.passkeys.filter((p) => !removed.includes(p.id)) })),
      http.delete('*/api/v1/user/passkeys/:passkeyId', ({ params }) => (removed.push(String(params.passkeyId)), HttpResponse.json({ status: true }))),
    );
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Remove Google Password Manager' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Google Password Manager?' });
    expect(dialog).not.toHaveTextContent('last way');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Reset factor successfully')).toBeInTheDocument();
    expect(removed).toEqual(['fwf2taimanplatform']);
    await waitFor(() => expect(screen.queryByText('Google Password Manager')).not.toBeInTheDocument());
    // Its Remove went with it: the focus is on the section's heading, not lost.
    expect(screen.getByRole('heading', { name: 'Passkeys' })).toHaveFocus();
  });

  it('says so plainly when the method is the last way to sign in besides the password', async () => {
    const only = example<FactorListResponse>('getFactors', 'full').factors.filter((f) => f.id === 'fwf1taimanyubikey' || f.factorType === 'question');
    server.use(getGetFactorsMockHandler({ factors: only }));
    server.use(getListPasskeysMockHandler({ passkeys: example<PasskeyListResponse>('listPasskeys', 'full').passkeys.slice(0, 1) }));
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Remove Office key' }));
    expect(await screen.findByRole('dialog', { name: 'Remove Office key?' })).toHaveTextContent(
      'This is your last way to sign in other than your password: after removing it, your password alone protects your account. You will no longer be able to sign in with Office key.',
    );
  });

  it('renames a method: pre-filled, refuses control characters and over 256 characters, saves, and removes the nickname when empty', async () => {
    full();
    const sent = recordRenames();
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // A phone without a nickname is told apart by its number, masked.
    await user.click(screen.getByRole('button', { name: 'Rename Voice Call Authentication (+852 ****4567)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Voice Call Authentication (+852 ****4567)' });
    expect(dialog).toHaveTextContent('Only you see the nickname. It tells your sign-in methods apart.');
    const field = within(dialog).getByLabelText('Nickname');
    expect(field).toHaveValue('Phone ending 4567');
    // Ready to type in: the field has the focus, not the dialog's Close button.
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.click(field);
    await user.paste('Desk\tphone');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('A nickname cannot contain control characters, such as line breaks or tabs.')).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste('x'.repeat(257));
    expect(within(dialog).getByText('A nickname can have at most 256 characters.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, '  Office desk phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname saved.')).toBeInTheDocument();
    expect(sent).toEqual([['clf1taimancall', { nickname: 'Office desk phone' }]]);

    await user.click(screen.getByRole('button', { name: 'Rename Office key' }));
    const passkey = await screen.findByRole('dialog', { name: 'Rename Office key' });
    expect(within(passkey).getByLabelText('Nickname')).toHaveValue('Office key');
    await user.clear(within(passkey).getByLabelText('Nickname'));
    await user.click(within(passkey).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname removed.')).toBeInTheDocument();
    expect(sent[1]).toEqual(['fwf1taimanyubikey', { nickname: null }]);
  });

  it('starts Rename with the whole nickname, however long its shown form, so Save with nothing changed keeps it', async () => {
    const long = `Lab phone on the third floor, ${'by the window '.repeat(10)}`.trim();
    const factors = example<FactorListResponse>('getFactors', 'full').factors.map((factor) =>
      factor.id === 'clf1taimancall' ? { ...factor, nickname: long } : factor,
    );
    server.use(getGetFactorsMockHandler({ factors }));
    server.use(getListPasskeysMockHandler(example<PasskeyListResponse>('listPasskeys', 'full')));
    const sent = recordRenames();
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    // Shown shortened (at most 120 characters) in the list and in the button's name.
    await user.click(screen.getByRole('button', { name: /^Rename Voice Call Authentication \(Lab phone on the third floor, .*…\)$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Nickname')).toHaveValue(long);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname saved.')).toBeInTheDocument();
    expect(sent).toEqual([['clf1taimancall', { nickname: long }]]);
  });

  it('renames after a recent sign-in the server asks for: back on the page, what was typed waits, and nothing is renamed before Save', async () => {
    full();
    const sent: unknown[] = [];
    let stepUp = true;
    server.use(
      http.patch('*/api/v1/user/factor/:factorId', async ({ params, request }) => {
        sent.push([params.factorId, await request.json()]);
        if (!stepUp) return HttpResponse.json(example('renameFactor', 'full'));
        return HttpResponse.json(
          { errorMessage: 'For your security, please sign in again to make this change.' },
          { status: 401, headers: { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=300' } },
        );
      }),
    );
    const before = renderRoute('/profile/mfa');
    await before.user.click(await screen.findByRole('button', { name: 'Edit' }));
    await before.user.click(screen.getByRole('button', { name: /^Rename Voice Call Authentication/ }));
    const field = within(await screen.findByRole('dialog')).getByLabelText('Nickname');
    await before.user.clear(field);
    await before.user.type(field, 'Desk phone');
    await before.user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(before.auth.signIn).toHaveBeenCalledWith({ returnTo: '/profile/mfa', maxAge: 300 }));
    before.unmount();

    // The sign-in goes back to the page it left.
    stepUp = false;
    const { user, router } = renderRoute('/profile/details');
    await router.navigate({ href: '/profile/mfa', replace: true, state: { afterSignIn: true } });
    const dialog = await screen.findByRole('dialog', { name: 'Rename Voice Call Authentication (+852 ****4567)' });
    expect(within(dialog).getByLabelText('Nickname')).toHaveValue('Desk phone');
    expect(sent).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nickname saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      ['clf1taimancall', { nickname: 'Desk phone' }],
      ['clf1taimancall', { nickname: 'Desk phone' }],
    ]);
  });

  it.each([
    ['a method not on the page', { id: 'fwf9elsewhere', typed: 'Call 3442 0000' }, true],
    ['the shape of an older draft, with a title of its own', { renaming: { id: 'clf1taimancall', name: 'Call 3442 0000', start: 'x' } }, true],
    ['what was typed that is not text', { id: 'clf1taimancall', typed: { trim: 1 } }, true],
    ['a visit the sign-in did not go back to', { id: 'clf1taimancall', typed: 'Desk phone' }, false],
  ])('opens no Rename from a draft in storage naming %s, and drops it', async (_, draft, afterSignIn) => {
    full();
    const key = draftKey('smwong25', 'nickname');
    window.sessionStorage.setItem(key, JSON.stringify(draft));
    const { router } = renderRoute('/profile/details');
    await router.navigate({ href: '/profile/mfa', ...(afterSignIn ? { state: { afterSignIn: true } } : {}) });
    await screen.findByRole('region', { name: 'Passkeys' });
    await waitFor(() => expect(window.sessionStorage.getItem(key)).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('3442');
  });

  it('offers the move to a new phone in order: Remove waits until a method added since works', async () => {
    full();
    const { user, router } = renderRoute('/profile/mfa');
    const guide = await screen.findByRole('region', { name: 'Moving to a new phone?' });
    const toggle = within(guide).getByRole('button', { name: 'Show me how' });
    // Closed, it controls nothing on the page.
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveAttribute('aria-controls');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Close the guide');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toBeInTheDocument();
    // The phone methods set up as the move began are the old phone's.
    expect(JSON.parse(window.sessionStorage.getItem(NEW_PHONE_GUIDE_KEY)!)).toEqual([
      'opf1taimanpush',
      'uft1taimangoogle',
      'mbf1taimansms',
      'clf1taimancall',
    ]);
    const steps = within(guide)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(steps).toEqual(['Set up the method on your new phone', 'Check that it works', 'Only then, remove the old one']);
    expect(guide).toHaveTextContent('Remove becomes available once a method on the new phone works');
    expect(within(guide).getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' })).toBeDisabled();
    expect(within(guide).getByRole('button', { name: 'Remove Okta Verify (Old iPhone)' })).toBeDisabled();
    await user.click(within(guide).getByRole('button', { name: 'Set up SMS Authentication on the new phone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa/enroll/OKTA/sms'));
  });

  it('lets the old phone’s method go once the new one works, whatever date the server gives it', async () => {
    window.sessionStorage.setItem(NEW_PHONE_GUIDE_KEY, JSON.stringify(['opf1taimanpush', 'uft1taimangoogle', 'mbf1taimansms', 'clf1taimancall']));
    const persona = example<FactorListResponse>('getFactors', 'full');
    const fresh = {
      id: 'mbf2new',
      factorType: 'sms',
      provider: 'OKTA',
      status: 'ACTIVE',
      // A server clock behind the browser's: the method is still the one added since.
      created: '2020-01-01T00:00:00.000Z',
      profile: { phoneNumber: '+85261234567' },
    };
    server.use(getGetFactorsMockHandler({ factors: [...persona.factors, fresh] as FactorListResponse['factors'] }));
    const { user } = renderRoute('/profile/mfa');
    const guide = await screen.findByRole('region', { name: 'Moving to a new phone?' });
    expect(guide).toHaveTextContent('Working on the new phone: SMS Authentication.');
    const remove = within(guide).getByRole('button', { name: 'Remove SMS Authentication (Work mobile)' });
    expect(remove).toBeEnabled();
    // The new phone's own method is not offered for removal.
    expect(within(guide).getAllByRole('button', { name: /^Remove SMS/ })).toHaveLength(1);
    await user.click(remove);
    expect(await screen.findByRole('dialog', { name: 'Remove SMS Authentication (Work mobile)?' })).toBeInTheDocument();
  });

  it('Set up opens the wizard for that provider and factor type', async () => {
    const { user, router } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Set up SMS Authentication' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/mfa/enroll/OKTA/sms'));
  });

  it("starts loading a wizard's page and code once its Set up button is in view, not before", async () => {
    // The page's viewport as IntersectionObserver tells it: only the SMS row's button is in view.
    class InViewIfSms {
      constructor(private readonly report: IntersectionObserverCallback) {}
      observe(element: Element) {
        const isIntersecting = element.getAttribute('aria-label') === 'Set up SMS Authentication';
        this.report([{ target: element, isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
      }
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', InViewIfSms);
    onTestFinished(() => void vi.unstubAllGlobals());
    const { user, router } = renderRoute('/profile/mfa');
    const preload = vi.spyOn(router, 'preloadRoute');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await screen.findByRole('button', { name: 'Set up SMS Authentication' });
    await waitFor(() =>
      expect(preload.mock.calls.map(([options]) => options)).toEqual([
        { to: '/profile/mfa/enroll/$provider/$factorType', params: { provider: 'OKTA', factorType: 'sms' } },
      ]),
    );
  });

  it('keeps the list when a removal fails and shows why', async () => {
    server.use(getGetFactorsMockHandler(example<FactorListResponse>('getFactors', 'full')));
    server.use(
      http.delete('*/api/v1/user/factor/:factorId', () => HttpResponse.json({ errorMessage: 'Factor is required by policy' }, { status: 403 })),
    );
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove Email Authentication' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove Email Authentication?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Factor is required by policy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Email Authentication' })).toBeInTheDocument();
  });
});
