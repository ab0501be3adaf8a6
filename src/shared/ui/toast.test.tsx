import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  it('shows at most 5 at a time, each message once', async () => {
    renderToasts();
    act(() => {
      for (let i = 1; i <= 7; i += 1) toast.error(`Failure ${i}`);
      toast.error('Failure 1');
    });
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(5));
    expect(screen.getAllByText('Failure 1')).toHaveLength(1);
    expect(screen.queryByText('Failure 6')).not.toBeInTheDocument();
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
});
