import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getGetIdpConfigMockHandler, getGetLinkedIdentitiesMockHandler } from '../../../generated/api/identities/identities.msw';
import { getGetProfileMockHandler } from '../../../generated/api/profile/profile.msw';
import type { LinkedIdentitiesResponse, ProfileResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { fakeAuth, renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { readLinkAttempt } from '../../../tests/support/linking';

function detail(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

async function openProfile() {
  const view = renderRoute('/profile/details');
  await screen.findByText('Electronic ID');
  return view;
}

describe('Profile: personal information', () => {
  it('shows the details with department as Job Title', async () => {
    await openProfile();
    expect(detail('Electronic ID')).toHaveTextContent('smwong25');
    expect(detail('First name')).toHaveTextContent('Siu Ming');
    expect(detail('Last name')).toHaveTextContent('Wong');
    expect(detail('Display name')).toHaveTextContent('WONG Siu Ming');
    expect(detail('Primary email')).toHaveTextContent('smwong25@my.example.edu.hk');
    expect(detail('Job Title')).toHaveTextContent('Student');
    expect(detail('Recovery email')).toHaveTextContent('Not set');
  });

  it('drops the user field of the full persona', async () => {
    server.use(getGetProfileMockHandler(example<ProfileResponse>('getProfile', 'full')));
    await openProfile();
    expect(detail('Recovery email')).toHaveTextContent('tm.chan@example.com');
    expect(screen.queryByText(/00u1taiman/)).not.toBeInTheDocument();
  });

  it('shows the profile that a server answered with a failed status (any status is a response, spec section 7)', async () => {
    server.use(http.get('*/api/v1/user/profile', () => HttpResponse.json(example<ProfileResponse>('getProfile', 'full'), { status: 500 })));
    await openProfile();
    expect(detail('Electronic ID')).toHaveTextContent('taiman.chan');
    expect(screen.queryByText('Your profile could not be loaded.')).not.toBeInTheDocument();
  });

  it('says the profile could not be loaded when a failed status carries something else', async () => {
    server.use(http.get('*/api/v1/user/profile', () => HttpResponse.json({ message: 'upstream timeout' }, { status: 504 })));
    renderRoute('/profile/details');
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    expect(await screen.findAllByText('The server could not complete the request (HTTP 504).')).toHaveLength(1);
  });

  it("an unchanged save says 'Nothing has been updated' and leaves edit mode without a call", async () => {
    let posts = 0;
    server.use(http.post('*/api/v1/user/profile', () => ((posts += 1), HttpResponse.json({ status: true }))));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit recovery email' }));
    // The form's code loads with the first edit.
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing has been updated')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Recovery email' })).not.toBeInTheDocument();
    expect(posts).toBe(0);
  });

  it("a change posts once, refetches the profile and shows 'Update success'", async () => {
    const bodies: unknown[] = [];
    let saved = false;
    server.use(
      http.post('*/api/v1/user/profile', async ({ request }) => {
        bodies.push(await request.json());
        saved = true;
        return HttpResponse.json({ status: true });
      }),
      http.get('*/api/v1/user/profile', () =>
        HttpResponse.json({ ...example<ProfileResponse>('getProfile', 'new-user'), secondaryEmail: saved ? 'siuming@example.com' : null }),
      ),
    );
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit recovery email' }));
    // The form's code loads with this first click.
    const input = await screen.findByRole('textbox', { name: 'Recovery email' });
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'siuming@example.com');
    await user.dblClick(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Update success')).toBeInTheDocument();
    expect(bodies).toEqual([{ secondaryEmail: 'siuming@example.com' }]);
    await waitFor(() => expect(detail('Recovery email')).toHaveTextContent('siuming@example.com'));
    expect(screen.queryByRole('textbox', { name: 'Recovery email' })).not.toBeInTheDocument();
  });

  it('a failed save shows the error and keeps what the user typed', async () => {
    server.use(http.post('*/api/v1/user/profile', () => HttpResponse.json({ errorMessage: 'Email domain not allowed' }, { status: 400 })));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit recovery email' }));
    await user.type(await screen.findByRole('textbox', { name: 'Recovery email' }), 'me@blocked.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email domain not allowed');
    expect(screen.getByRole('textbox', { name: 'Recovery email' })).toHaveValue('me@blocked.example');
    expect(screen.queryByText('Update success')).not.toBeInTheDocument();
  });

  it('Cancel restores the old value', async () => {
    server.use(getGetProfileMockHandler(example<ProfileResponse>('getProfile', 'full')));
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Edit recovery email' }));
    // The form's code loads with this first click.
    const input = await screen.findByRole('textbox', { name: 'Recovery email' });
    expect(input).toHaveValue('tm.chan@example.com');
    await user.clear(input);
    await user.type(input, 'other@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(detail('Recovery email')).toHaveTextContent('tm.chan@example.com');
    await user.click(screen.getByRole('button', { name: 'Edit recovery email' }));
    expect(screen.getByRole('textbox', { name: 'Recovery email' })).toHaveValue('tm.chan@example.com');
  });
});

describe('Profile: social identities', () => {
  it("is hidden unless the app config says 'true'", async () => {
    server.use(getGetIdpConfigMockHandler(example<string>('getIdpConfig', 'hidden')));
    await openProfile();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Social Identities & IAM SMART' })).not.toBeInTheDocument());
  });

  it('lists every provider with Link for the new user', async () => {
    await openProfile();
    const box = (await screen.findByRole('heading', { name: 'Social Identities & IAM SMART' })).closest('section')!;
    await within(box).findByText('iAM Smart');
    for (const label of ['iAM Smart', 'Facebook', 'LinkedIn', 'Google', 'Apple']) {
      expect(within(box).getByRole('button', { name: `Link ${label}` })).toBeInTheDocument();
    }
  });

  it("shows iAM Smart as only 'Linked' and unlinks another identity after confirmation", async () => {
    server.use(getGetLinkedIdentitiesMockHandler(example<LinkedIdentitiesResponse>('getLinkedIdentities', 'full')));
    const deleted: string[] = [];
    server.use(
      http.delete('*/api/v1/user/idps/:idpId', ({ params }) => {
        deleted.push(String(params.idpId));
        server.use(
          getGetLinkedIdentitiesMockHandler({
            idps: example<LinkedIdentitiesResponse>('getLinkedIdentities', 'full').idps.map((idp) =>
              idp.name === 'google' ? { ...idp, linked: false } : idp,
            ),
          }),
        );
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = await openProfile();
    const box = (await screen.findByRole('heading', { name: 'Social Identities & IAM SMART' })).closest('section')!;
    const smart = (await within(box).findByText('iAM Smart')).closest('li')!;
    expect(within(smart).getByText('Linked')).toBeInTheDocument();
    expect(within(smart).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Unlink Google' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to unlink this social identity?');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Unlink successfully')).toBeInTheDocument();
    expect(deleted).toEqual(['0oa4google']);
    expect(await within(box).findByRole('button', { name: 'Link Google' })).toBeInTheDocument();
  });

  it('says so when the server answers that the identity was not unlinked, and shows it still linked', async () => {
    server.use(
      getGetLinkedIdentitiesMockHandler(example<LinkedIdentitiesResponse>('getLinkedIdentities', 'full')),
      http.delete('*/api/v1/user/idps/:idpId', () => HttpResponse.json({ status: false })),
    );
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Unlink Google' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));
    expect(await screen.findByText('Google was not unlinked. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('Unlink successfully')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink Google' })).toBeInTheDocument();
  });

  it('cancelling the confirmation unlinks nothing', async () => {
    server.use(getGetLinkedIdentitiesMockHandler(example<LinkedIdentitiesResponse>('getLinkedIdentities', 'full')));
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Unlink LinkedIn' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Unlink LinkedIn' })).toBeInTheDocument();
  });

  it('Link starts a link attempt of this tab and this person, and goes to the provider login route', async () => {
    const { user, router } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Link Facebook' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/facebook/login'));
    const state = readLinkAttempt();
    expect(state).toEqual({
      link: { idpId: '0oa2facebook', idpName: 'facebook' },
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      createdAt: expect.any(Number),
      phase: 'provider',
      owner: 'smwong25',
      began: 'profile',
    });
  });
});

describe('Profile: typing survives a sign-in round trip', () => {
  it('brings back the recovery email being typed, and forgets it on Cancel', async () => {
    const first = renderRoute('/profile/details');
    await first.user.click(await screen.findByRole('button', { name: 'Edit recovery email' }));
    await first.user.type(await screen.findByRole('textbox', { name: 'Recovery email' }), 'half@typed.example');
    // The page goes away (a session ended; the identity provider; back again).
    first.unmount();

    const again = renderRoute('/profile/details');
    expect(await screen.findByRole('textbox', { name: 'Recovery email' })).toHaveValue('half@typed.example');
    await again.user.click(screen.getByRole('button', { name: 'Cancel' }));
    again.unmount();

    renderRoute('/profile/details');
    expect(await screen.findByRole('button', { name: 'Edit recovery email' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Recovery email' })).not.toBeInTheDocument();
  });
});

describe('Profile: drafts belong to the person who typed them', () => {
  it("does not show one user's half-typed recovery email to the next", async () => {
    const first = renderRoute('/profile/details', { auth: fakeAuth({ sub: 'alice' }) });
    await first.user.click(await screen.findByRole('button', { name: 'Edit recovery email' }));
    await first.user.type(await screen.findByRole('textbox', { name: 'Recovery email' }), 'alice@private.example');
    first.unmount();

    renderRoute('/profile/details', { auth: fakeAuth({ sub: 'bob' }) });
    expect(await screen.findByRole('button', { name: 'Edit recovery email' })).toBeInTheDocument();
    expect(screen.queryByDisplayValue('alice@private.example')).not.toBeInTheDocument();
  });
});
