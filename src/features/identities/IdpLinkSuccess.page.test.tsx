import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../shared/navigation/browser';
import { renderRoute } from '../../../tests/support/renderRoute';
import { markJustLinked } from './linkState';

afterEach(() => {
  vi.useRealTimers();
});

describe('/idp/link/{provider}/success', () => {
  it('opened without a link made in this tab, sends nobody to sign out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderRoute('/idp/link/iamsmart/success');
    expect(await screen.findByText('This tab has not linked an identity, so there is nothing to report here.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('for the tab that has just linked, once', async () => {
    markJustLinked('google');
    renderRoute('/idp/link/google/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link up Success' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('portal.justLinked')).toBeNull();
  });
});
