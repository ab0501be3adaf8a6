import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { browser } from '../navigation/browser';
import { renderRoute } from '../../../tests/support/renderRoute';
import { server } from '../../../tests/support/server';

describe('the provider of /auth/{provider}/… and /idp/link/{provider}/…', () => {
  it.each([
    '/auth/myspace/login',
    '/auth/evil.example/callback?code=1',
    '/auth/__proto__/login',
    '/idp/link/myspace?code=1',
    '/idp/link/constructor/success',
  ])('%s: a provider the registry does not know is a page not found, and nothing is asked or redeemed', async (path) => {
    const calls: string[] = [];
    server.use(http.all('*/api/*', ({ request }) => (calls.push(request.url), HttpResponse.json({}))));
    const { auth } = renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(auth.signIn).not.toHaveBeenCalled();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it.each(['/auth/google', '/auth/google/'])('%s: a known provider with no page after it is a page not found', async (path) => {
    renderRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('a known provider reaches its page', async () => {
    renderRoute('/idp/link/google/success');
    expect(await screen.findByText('This tab has not linked an identity, so there is nothing to report here.')).toBeInTheDocument();
  });
});
