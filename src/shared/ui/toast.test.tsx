import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from './toast';
import { Toasts } from './Toasts';

function renderToasts() {
  render(
    <MantineProvider>
      <Toasts />
    </MantineProvider>,
  );
}

describe('toast', () => {
  afterEach(() => vi.useRealTimers());

  it('shows at most 5 at a time, the newest, each message once', async () => {
    renderToasts();
    act(() => {
      for (let i = 1; i <= 7; i += 1) toast.error(`Failure ${i}`);
      toast.error('Failure 7');
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(5));
    // The newest are shown; the oldest made room for them.
    await waitFor(() => expect(screen.queryByText('Failure 2')).not.toBeInTheDocument());
    expect(screen.queryByText('Failure 1')).not.toBeInTheDocument();
    for (const n of [3, 4, 5, 6, 7]) expect(screen.getAllByText(`Failure ${n}`)).toHaveLength(1);
  });

  it('keeps toasts raised before the viewport loaded, and shows them once it has', async () => {
    act(() => toast.error('Raised early'));
    renderToasts();
    expect(await screen.findByText('Raised early')).toBeInTheDocument();
  });

  it('closes a toast when it is clicked', async () => {
    renderToasts();
    act(() => toast.success('Update success'));
    const shown = await screen.findByText('Update success');
    await userEvent.click(shown);
    await waitFor(() => expect(screen.queryByText('Update success')).not.toBeInTheDocument());
  });

  it('keeps an error until it is clicked, and lets a success go after 6 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderToasts();
    act(() => {
      toast.error('Save failed');
      toast.success('Saved');
    });
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_800));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
    // Much later, the error is still there.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText('Save failed')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Save failed'));
    await waitFor(() => expect(screen.queryByText('Save failed')).not.toBeInTheDocument());
  });
});
