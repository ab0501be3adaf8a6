import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LoginLogPage } from '../../../generated/model';
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
    ).toEqual(['Login time', 'Browser', 'OS', 'IP address', 'District', 'Application']);
    const first = example<LoginLogPage>('getLoginLog', 'new-user').logs[0]!;
    const cells = within(dataRows()[0]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([formatLoginTime(first.time), first.browser, first.os, first.ip, first.district, first.application]);
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
});
