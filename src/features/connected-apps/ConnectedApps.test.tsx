import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ConnectedApp, ConnectedAppsResponse } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

const PAGE = '/profile/connected-apps';
const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso));

/** A backend that remembers removals, as the contract's full persona; answers what was asked of it. */
function fullPersona({ refuse }: { refuse?: { status: number; headers?: Record<string, string>; body: object } } = {}) {
  let apps: ConnectedApp[] = example<ConnectedAppsResponse>('getConnectedApps', 'full').apps;
  const removed: string[] = [];
  server.use(
    http.get('*/api/v1/user/clients', () => HttpResponse.json({ apps })),
    http.delete('*/api/v1/user/clients/:clientId', ({ params }) => {
      removed.push(String(params.clientId));
      if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status, headers: refuse.headers });
      apps = apps.filter((app) => app.clientId !== params.clientId);
      return HttpResponse.json({ status: true });
    }),
  );
  return removed;
}

const entry = (name: string) => screen.getByRole('listitem', { name });

describe('Connected apps', () => {
  it('lists each app with what it may do in words, when access was given and last used', async () => {
    fullPersona();
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Connected apps' })).toBeInTheDocument();
    const apps = await screen.findAllByRole('listitem', { name: /./ });
    expect(apps.map((app) => within(app).getByRole('heading').textContent)).toEqual(['Canvas Student', 'Outlook', 'Timetable Sync']);

    const canvas = entry('Canvas Student');
    expect(
      within(within(canvas).getByRole('list', { name: 'What it may do:' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Know who you are at the university',
      'See your name and profile',
      'See your email address',
      'Stay connected while you are not using it, until you remove its access',
    ]);
    expect(canvas).toHaveTextContent(`Access given ${day('2026-10-02T06:14:08Z')} · Last used ${day('2026-11-22T00:51:37Z')}`);
    // Written as the portal writes a day in English (the MFA list's "Added"): day, month, year.
    expect(canvas).toHaveTextContent(/Access given [12] October 2026/);

    // A scope the portal cannot describe is said to be there, never shown as its string; no last use where none is known.
    const timetable = entry('Timetable Sync');
    expect(timetable).toHaveTextContent('One other permission the portal cannot put into words');
    expect(timetable).not.toHaveTextContent('timetable.calendar.write');
    expect(timetable).not.toHaveTextContent('Last used');
    expect(document.body).not.toHaveTextContent(/offline_access|openid/);
  });

  it('removes an app’s access after a question that names it, and lists the rest', async () => {
    const removed = fullPersona();
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove access for Outlook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove access for Outlook?' });
    expect(dialog).toHaveAccessibleDescription(
      'Outlook will no longer be able to use your university account. To use it again, you would sign in to it and allow it again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove access for Outlook' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByText('Access removed for Outlook.')).toBeInTheDocument();
    expect(removed).toEqual(['0oa7outlookmail']);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Outlook' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Canvas Student' })).toBeInTheDocument();
    // The removed app's button is gone: the focus is on the next app's heading, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Timetable Sync' })).toHaveFocus());
  });

  it('after removing the last app, puts the focus on the sentence that none is left', async () => {
    fullPersona();
    const { user } = renderRoute(PAGE);
    // The last in the list (Canvas Student, Outlook, Timetable Sync) removed first: the focus goes
    // to the one before it; then the first: to the one after it.
    for (const [app, next] of [
      ['Timetable Sync', 'Outlook'],
      ['Canvas Student', 'Outlook'],
      ['Outlook', undefined],
    ] as const) {
      await user.click(await screen.findByRole('button', { name: `Remove access for ${app}` }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
      await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: app })).not.toBeInTheDocument());
      if (next) await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: next })).toHaveFocus());
    }
    await waitFor(() => expect(screen.getByText('No app has access to your account.')).toHaveFocus());
  });

  it('shows a name the backend gives as a person can read it: no invisible or direction characters, and the question names it the same', async () => {
    const app: ConnectedApp = { ...example<ConnectedAppsResponse>('getConnectedApps', 'full').apps[0]!, name: 'Out\u200Blook\u202E moc.liam' };
    server.use(http.get('*/api/v1/user/clients', () => HttpResponse.json({ apps: [app] })));
    const { user } = renderRoute(PAGE);
    expect(await screen.findByRole('heading', { level: 2, name: 'Outlook moc.liam' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove access for Outlook moc.liam' }));
    expect(await screen.findByRole('dialog', { name: /Outlook moc\.liam/ })).toBeInTheDocument();
  });

  it('removes only the app it names: a crafted id reaches no other resource', async () => {
    const calendar: ConnectedApp = { ...example<ConnectedAppsResponse>('getConnectedApps', 'full').apps[0]!, name: 'Calendar' };
    const sent: string[] = [];
    server.use(
      http.get('*/api/v1/user/clients', () =>
        HttpResponse.json({
          apps: [
            { ...calendar, clientId: '../factor/opf1taimanpush' },
            { ...calendar, clientId: '..', name: 'Planner' },
            { ...calendar, clientId: '\u202Egpj.exe', name: '' },
          ],
        }),
      ),
      http.all('*', ({ request }) => void (request.method !== 'GET' && sent.push(`${request.method} ${new URL(request.url).pathname}`))),
    );
    const { user } = renderRoute(PAGE);
    // An app without a name is named by its id, made fit to show as a name is.
    expect(await screen.findByRole('heading', { level: 2, name: 'gpj.exe' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove access for Calendar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByText('Access removed for Calendar.')).toBeInTheDocument();
    expect(sent).toEqual(['DELETE /api/v1/user/clients/..%2Ffactor%2Fopf1taimanpush']);

    // An id the address cannot carry as one segment is not sent at all, and the person is told.
    await user.click(screen.getByRole('button', { name: 'Remove access for Planner' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByText('Not sent: the server gave an id the portal cannot use safely.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('says in a sentence that no app has access, with no empty list', async () => {
    renderRoute(PAGE);
    expect(await screen.findByText('No app has access to your account.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/v1/user/clients', () =>
        fail
          ? HttpResponse.json({ errorMessage: 'The app service is down.' }, { status: 500 })
          : HttpResponse.json(example('getConnectedApps', 'full')),
      ),
    );
    const { user } = renderRoute(PAGE);
    expect(await screen.findByText('Your connected apps could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('listitem', { name: 'Outlook' })).toBeInTheDocument();
  });

  it('reads nothing of its address: a crafted one removes nothing and puts no words in the question', async () => {
    const removed = fullPersona();
    const lure = 'Call 3442 0000 to keep your account';
    const { user } = renderRoute(
      `${PAGE}?clientId=0oa8timetable&remove=0oa8timetable&name=${encodeURIComponent(lure)}&app=${encodeURIComponent(lure)}`,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove access for Canvas Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove access for Canvas Student?' });
    expect(document.body).not.toHaveTextContent(lure);
    await user.click(within(dialog).getByRole('button', { name: 'Remove access' }));
    await screen.findByText('Access removed for Canvas Student.');
    expect(removed).toEqual(['0oa9canvasmobile']);
  });

  it('asks for a recent sign-in when the server wants one, and the app stays listed', async () => {
    const removed = fullPersona({
      refuse: {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer error="insufficient_user_authentication", max_age=300' },
        body: { errorMessage: 'For your security, please sign in again to make this change.' },
      },
    });
    const { user, auth } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove access for Timetable Sync' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    await waitFor(() => expect(auth.signIn).toHaveBeenCalledWith({ returnTo: PAGE, maxAge: 300 }));
    expect(removed).toEqual(['0oa8timetable']);
    expect(screen.getByRole('listitem', { name: 'Timetable Sync' })).toBeInTheDocument();
    expect(screen.queryByText(/Access removed/)).not.toBeInTheDocument();
  });

  it('shows the backend’s refusal of an app that is no longer there, and the list as it is now', async () => {
    const full = example<ConnectedAppsResponse>('getConnectedApps', 'full').apps;
    let gone = false;
    server.use(
      http.get('*/api/v1/user/clients', () => HttpResponse.json({ apps: gone ? full.filter((app) => app.name !== 'Outlook') : full })),
      // Removed meanwhile elsewhere (another tab, an administrator): the backend has no such app now.
      http.delete(
        '*/api/v1/user/clients/:clientId',
        () => ((gone = true), HttpResponse.json({ errorMessage: 'This app has no access to your account.' }, { status: 404 })),
      ),
    );
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove access for Outlook' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This app has no access to your account.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Outlook' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('listitem', { name: /./ }).map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Canvas Student',
      'Timetable Sync',
    ]);
  });

  it('says so when the backend answers that it did not remove the access, and keeps the app listed', async () => {
    fullPersona();
    server.use(http.delete('*/api/v1/user/clients/:clientId', () => HttpResponse.json({ status: false })));
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Remove access for Outlook' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Access for Outlook was not removed. Please try again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/Access removed/)).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Outlook' })).toBeInTheDocument();
  });
});
