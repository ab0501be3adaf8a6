import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginLogEntry, LoginLogPage } from '../../../generated/model';
import { example } from '../../../tests/support/examples';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';
import { formatLoginTime } from './formatLoginTime';

/** jsdom has no layout: give the page a height so "near the bottom" means something. */
let pageHeight = 5000;
beforeEach(() => {
  pageHeight = 5000;
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => pageHeight });
  window.scrollY = 0;
});
afterEach(() => {
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
});

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

/** The full persona's three pages, chosen by afterToken like the Prism mock does. */
function serveFullHistory(requests: Array<string | null> = []) {
  server.use(
    http.get('*/api/v1/user/log', ({ request }) => {
      const url = new URL(request.url);
      const afterToken = url.searchParams.get('afterToken');
      requests.push(`${url.searchParams.get('num')}:${afterToken}`);
      return HttpResponse.json(example<LoginLogPage>('getLoginLog', afterToken ?? 'full'));
    }),
  );
  return requests;
}

const dataRows = () =>
  within(screen.getByTestId('login-log-table'))
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-index'));
/** How many logins the table holds (only the visible ones are in the DOM). */
const loaded = () => Number(screen.getByTestId('login-log-table').getAttribute('aria-rowcount')) - 1;

describe('Previous Login', () => {
  it('shows the columns and the spec date format', async () => {
    renderRoute('/profile/login');
    const table = await screen.findByTestId('login-log-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Login time', 'Browser', 'OS', 'IP address', 'District', 'Application', 'Not you?']);
    const first = example<LoginLogPage>('getLoginLog', 'new-user').logs[0]!;
    const cells = within(dataRows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([formatLoginTime(first.time), first.browser, first.os, first.ip, first.district, first.application, "This wasn't me"]);
    expect(cells[0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
    expect(screen.getByText(/You have reached the end of your login history\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads three pages of 20 as the user scrolls to within 50 px of the bottom', async () => {
    const requests = serveFullHistory();
    renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    expect(requests).toEqual(['20:null']);

    scrollTo(5000 - 768 - 51);
    await new Promise((r) => setTimeout(r, 100));
    expect(requests).toHaveLength(1);

    scrollTo(5000 - 768 - 50);
    await waitFor(() => expect(loaded()).toBe(40));
    expect(requests).toEqual(['20:null', '20:full-page-2']);

    scrollTo(5000 - 768);
    await waitFor(() => expect(loaded()).toBe(45));
    expect(requests).toEqual(['20:null', '20:full-page-2', '20:full-page-3']);
    expect(screen.getByText(/You have reached the end of your login history\. 45 logins shown/)).toBeInTheDocument();
  });

  it('offers Load more for keyboard and screen-reader users', async () => {
    serveFullHistory();
    const { user } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(loaded()).toBe(40));
  });

  it('shows a failed page with a retry and keeps the rows already loaded', async () => {
    let failNext = true;
    server.use(
      http.get('*/api/v1/user/log', ({ request }) => {
        const afterToken = new URL(request.url).searchParams.get('afterToken');
        if (afterToken === 'full-page-2' && failNext) {
          failNext = false;
          return HttpResponse.json({ errorMessage: 'Log service is busy' }, { status: 503 });
        }
        return HttpResponse.json(example<LoginLogPage>('getLoginLog', afterToken ?? 'full'));
      }),
    );
    const { user } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('More logins could not be loaded: Log service is busy')).toBeInTheDocument();
    expect(loaded()).toBe(20);
    // Shown once, in the page; not also as a toast.
    expect(screen.getAllByText(/Log service is busy/)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(loaded()).toBe(40));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
  });

  it('keeps only the visible rows in the DOM with 10,000 logins loaded', async () => {
    const base = example<LoginLogPage>('getLoginLog', 'full').logs[0]!;
    const logs = Array.from({ length: 10_000 }, (_, i) => ({ ...base, ip: `203.0.113.${i % 250}`, application: `App ${i}` }));
    server.use(http.get('*/api/v1/user/log', () => HttpResponse.json({ logs, afterToken: null })));
    renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(10_000));
    expect(dataRows().length).toBeGreaterThan(10);
    expect(dataRows().length).toBeLessThan(60);
    expect(dataRows()[0]).toHaveAttribute('aria-rowindex', '2');
  });

  it('says so when there is no history', async () => {
    server.use(http.get('*/api/v1/user/log', () => HttpResponse.json(example<LoginLogPage>('getLoginLog', 'empty'))));
    renderRoute('/profile/login');
    expect(await screen.findByText('There are no previous logins to show.')).toBeInTheDocument();
    expect(screen.queryByTestId('login-log-table')).not.toBeInTheDocument();
  });

  it('leads from each login to the guide, naming it in the history entry, not the address', async () => {
    serveFullHistory();
    const { user, router } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    const first = example<LoginLogPage>('getLoginLog', 'full').logs[0]!;
    const link = within(dataRows()[0]!).getByRole('link', {
      name: `This wasn't me: ${formatLoginTime(first.time)}, ${first.browser}, ${first.district}`,
    });
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/secure-account'));
    expect(router.state.location.search).toEqual({});
    expect(router.state.location.state.notMeLogin).toEqual({ time: first.time, browser: first.browser, place: first.district });
    expect(router.state.location.state.notMeFor).toBe('smwong25');
    expect(await screen.findByRole('region', { name: 'The sign-in you did not recognise' })).toHaveTextContent(first.browser);
  });

  it('names the login whose link was chosen, not one whose link was only pointed at (and preloaded)', async () => {
    serveFullHistory();
    const { user } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    const [first, second] = example<LoginLogPage>('getLoginLog', 'full').logs;
    await user.hover(within(dataRows()[0]!).getByRole('link', { name: /^This wasn't me/ }));
    // The router preloads a page pointed at for 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await user.click(within(dataRows()[1]!).getByRole('link', { name: /^This wasn't me/ }));
    const named = await screen.findByRole('region', { name: 'The sign-in you did not recognise' });
    expect(named).toHaveTextContent(formatLoginTime(second!.time));
    expect(named).not.toHaveTextContent(formatLoginTime(first!.time));
  });
});

describe("Where you've signed in", () => {
  const places = () => within(screen.getByRole('region', { name: "Where you've signed in" }));
  const entries = () => places().getAllByRole('group');

  it('groups the history loaded so far by device and place, says it is history and how much it grouped, and includes more only when asked', async () => {
    const requests = serveFullHistory();
    const { user } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    await user.click(screen.getByRole('link', { name: "Where you've signed in" }));
    // One view is the current page, the one shown; the other is not.
    expect(await screen.findByRole('link', { name: "Where you've signed in" })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All logins' })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: 'All logins' }));
    expect(await screen.findByRole('link', { name: 'All logins' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: "Where you've signed in" })).not.toHaveAttribute('aria-current');
    await user.click(screen.getByRole('link', { name: "Where you've signed in" }));
    expect(places().getByText(/It is history: it cannot show which of these are still signed in\./)).toBeInTheDocument();
    const logs = example<LoginLogPage>('getLoginLog', 'full').logs;
    expect(places().getByText(/^Grouped from /)).toHaveTextContent(
      `Grouped from your 20 most recent logins, back to ${formatLoginTime(logs.at(-1)!.time)}. Older logins are not included.`,
    );
    const first = entries()[0]!;
    expect(first).toHaveTextContent(`Firefox on Windows 11, Yau Tsim Mong`);
    expect(first).toHaveTextContent(`Last sign-in: ${formatLoginTime(logs[0]!.time)} · 3 logins`);
    // No page loads by itself here, even on a page too short to scroll.
    scrollTo(4800);
    expect(requests).toEqual(['20:null']);

    await user.click(places().getByRole('button', { name: 'Include older logins' }));
    await waitFor(() => expect(places().getByText(/^Grouped from /)).toHaveTextContent(/^Grouped from your 40 most recent logins/));
    await user.click(places().getByRole('button', { name: 'Include older logins' }));
    await waitFor(() => expect(places().getByText(/^Grouped from /)).toHaveTextContent('Grouped from all 45 logins in your history.'));
    expect(places().queryByRole('button', { name: 'Include older logins' })).not.toBeInTheDocument();
    expect(requests).toEqual(['20:null', '20:full-page-2', '20:full-page-3']);
    // Every login is in one entry or another.
    const counted = entries().map((entry) => Number(/· (\d+) logins?$/.exec(entry.querySelector('summary')!.textContent!)![1]));
    expect(counted.reduce((a, b) => a + b, 0)).toBe(45);
  });

  it('leads from each entry to its own logins, each with This wasn’t me; its one action is Sign out other devices', async () => {
    serveFullHistory();
    const { user, router } = renderRoute('/profile/login?view=places');
    await screen.findByRole('region', { name: "Where you've signed in" });
    expect(
      places()
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Include older logins', 'Sign out other devices']);
    const first = entries()[0]!;
    await user.click(first.querySelector('summary')!);
    const logs = example<LoginLogPage>('getLoginLog', 'full').logs.filter((log) => log.browser === 'Firefox 146' && log.district === 'Yau Tsim Mong');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(logs.map((log) => `${formatLoginTime(log.time)}, ${log.application}, IP address ${log.ip}This wasn't me`));
    await user.click(within(first).getAllByRole('link', { name: /^This wasn't me/ })[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/secure-account'));
    expect(router.state.location.state.notMeLogin).toEqual({ time: logs[1]!.time, browser: logs[1]!.browser, place: logs[1]!.district });
  });

  it('offers one way on after an older page failed to load: its Try again', async () => {
    serveFullHistory();
    server.use(
      http.get('*/api/v1/user/log', ({ request }) => (new URL(request.url).searchParams.get('afterToken') ? HttpResponse.error() : undefined)),
    );
    const { user } = renderRoute('/profile/login?view=places');
    await screen.findByRole('region', { name: "Where you've signed in" });
    await user.click(places().getByRole('button', { name: 'Include older logins' }));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(places().queryByRole('button', { name: 'Include older logins' })).not.toBeInTheDocument();
    expect(places().getByText(/^Grouped from /)).toHaveTextContent(/^Grouped from your 20 most recent logins/);
  });

  it('groups the whole of a short history and says so', async () => {
    renderRoute('/profile/login?view=places');
    expect(await screen.findByText(/^Grouped from /)).toHaveTextContent('Grouped from all 5 logins in your history.');
    expect(entries().map((entry) => entry.querySelector('summary')!.textContent)).toEqual([
      expect.stringMatching(/^Chrome on macOS 16, Wan Chai/),
      expect.stringMatching(/^Chrome on macOS 16, Sha Tin.* · 2 logins$/),
      expect.stringMatching(/^Firefox on Windows 11, Central and Western/),
      expect.stringMatching(/^Edge on Windows 11, Central and Western/),
    ]);
  });
});

describe("Where you've signed in, from crafted values", () => {
  it('shows each field as text fit to show, and a device without a place without a trailing comma', async () => {
    const logs: LoginLogEntry[] = [
      { time: '2026-11-02T00:00:00Z', browser: 'Chrome 142', os: 'macOS 16', ip: '192.0.2.1', district: '', application: 'Canvas' },
      {
        time: '2026-11-01T00:00:00Z',
        browser: 'Chrome\u200b 141',
        os: 'mac\u202eOS 16',
        ip: '192.0.2.\u20662',
        district: 'Sha Tin',
        application: 'Can\u200bvas',
      },
      { time: '2026-10-31T00:00:00Z', browser: 'Chrome 140', os: 'macOS 16', ip: '192.0.2.3', district: 'Sha Tin', application: 'Canvas' },
    ];
    server.use(http.get('*/api/v1/user/log', () => HttpResponse.json({ logs, afterToken: null })));
    const { user } = renderRoute('/profile/login?view=places');
    const region = await screen.findByRole('region', { name: "Where you've signed in" });
    const summaries = within(region)
      .getAllByRole('group')
      .map((entry) => entry.querySelector('summary span span')!.textContent);
    expect(summaries).toEqual(['Chrome on macOS 16', 'Chrome on macOS 16, Sha Tin']);
    const shaTin = within(region).getAllByRole('group')[1]!;
    await user.click(shaTin.querySelector('summary')!);
    expect(within(shaTin).getAllByRole('listitem')[0]).toHaveTextContent(/, Canvas, IP address 192\.0\.2\.2This wasn't me$/);
  });
});

describe('Download CSV', () => {
  let saved: Blob[] = [];
  let names: string[] = [];
  beforeEach(() => {
    saved = [];
    names = [];
    // jsdom has no downloads: keep what would be saved, and the name it would be saved under.
    URL.createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), 'blob:test'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('saves every login of every page, with the table’s headers and ISO times, under a dated name', async () => {
    const requests = serveFullHistory();
    const { user } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    const button = screen.getByRole('button', { name: 'Download CSV' });
    await user.click(button);
    expect(await screen.findByText('Downloaded 45 logins.')).toBeInTheDocument();
    // The export asks for the largest pages the contract allows and follows every afterToken.
    expect(requests.slice(1)).toEqual(['100:null', '100:full-page-2', '100:full-page-3']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder().decode(await saved[0]!.arrayBuffer());
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Login time","Browser","OS","IP address","District","Application"');
    expect(lines).toHaveLength(1 + 45 + 1);
    const all = ['full', 'full-page-2', 'full-page-3'].flatMap((page) => example<LoginLogPage>('getLoginLog', page).logs);
    const last = all[44]!;
    const [time, ...rest] = lines[45]!.slice(1, -1).split('","');
    expect(new Date(time!).getTime()).toBe(Date.parse(last.time));
    expect(time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(rest).toEqual([last.browser, last.os, last.ip, last.district, last.application]);
    expect(names).toEqual([expect.stringMatching(/^login-history-\d{4}-\d{2}-\d{2}\.csv$/)]);
    expect(button).not.toHaveAttribute('aria-busy', 'true');
  });

  it('says why when a page fails, and saves nothing', async () => {
    server.use(
      http.get('*/api/v1/user/log', ({ request }) => {
        const url = new URL(request.url);
        const afterToken = url.searchParams.get('afterToken');
        if (url.searchParams.get('num') === '100' && afterToken === 'full-page-2') {
          return HttpResponse.json({ errorMessage: 'Log service is busy' }, { status: 503 });
        }
        return HttpResponse.json(example<LoginLogPage>('getLoginLog', afterToken ?? 'full'));
      }),
    );
    const { user } = renderRoute('/profile/login');
    await waitFor(() => expect(loaded()).toBe(20));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Download failed: Log service is busy')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).not.toHaveAttribute('aria-busy', 'true');
  });
});
