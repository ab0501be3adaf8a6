import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { getGetFactorsMockHandler } from '../../../generated/api/factors/factors.msw';
import type { FactorListResponse } from '../../../generated/model';
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
      ['Security Key or Biometric Authenticator', 'Disabled'],
      ['City University Authenticator', 'Disabled'],
    ]);
  });

  it('lists the full persona’s security keys by name with Remove, and one more Set up', async () => {
    server.use(getGetFactorsMockHandler(example<FactorListResponse>('getFactors', 'full')));
    const { user } = renderRoute('/profile/mfa');
    await screen.findByRole('table');
    expect(rowsText().map(([name, state]) => `${name}: ${state}`)).toContain(`YubiKey 5 NFC${added('2025-10-20T08:05:59.000Z')}: Enabled`);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Remove YubiKey 5 NFC' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Authenticator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up Security Key or Biometric Authenticator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove SMS Authentication' })).toBeInTheDocument();
  });

  it('says when each method was added where the server gives the date, and nothing where it does not', async () => {
    const full = example<FactorListResponse>('getFactors', 'full');
    server.use(
      getGetFactorsMockHandler({
        factors: full.factors.map((f) => (f.factorType === 'call' ? { ...f, created: undefined, lastUpdated: undefined } : f)),
      }),
    );
    renderRoute('/profile/mfa');
    await screen.findByRole('table');
    const byName = Object.fromEntries(rowsText().map(([name, state]) => [name, state]));
    expect(Object.keys(byName)).toContain(`SMS AuthenticationPhone: +852 ****4567${added('2025-03-10T06:45:12.000Z')}`);
    expect(Object.keys(byName)).toContain(`Authenticator${added('2026-11-22T01:50:03.000Z')}`);
    expect(Object.keys(byName)).toContain('Voice Call AuthenticationPhone: +852 ****4567');
    // Okta Verify (its code entry folded in), Google, email, SMS, both keys and the university's authenticator.
    expect(screen.getAllByText(/^Added /)).toHaveLength(7);
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
    await user.click(screen.getByRole('button', { name: 'Remove SMS Authentication' }));
    // The person is asked first, with the factor named; nothing is removed before they say so.
    const dialog = await screen.findByRole('dialog', { name: 'Remove SMS Authentication?' });
    expect(dialog).toHaveTextContent('You will no longer be able to sign in with SMS Authentication. You can set it up again later.');
    expect(removed).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Reset factor successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up SMS Authentication' })).toBeInTheDocument();
    expect(removed).toMatch(/sms/);
  });

  it.each([
    ['a plain true', true, true],
    ['status true', { status: true }, true],
    ['status false', { status: false }, false],
  ])('answered %s, says "Reset factor successfully" only when the data is truthy (spec section 7)', async (_, answer, success) => {
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
    else expect(screen.queryByText('Reset factor successfully')).not.toBeInTheDocument();
  });

  it('Cancel in the confirmation removes nothing', async () => {
    let removed = false;
    server.use(getGetFactorsMockHandler(example<FactorListResponse>('getFactors', 'full')));
    server.use(http.delete('*/api/v1/user/factor/:factorId', () => ((removed = true), HttpResponse.json({ status: true }))));
    const { user } = renderRoute('/profile/mfa');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove YubiKey 5 NFC' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove YubiKey 5 NFC?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(removed).toBe(false);
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
