import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, toast } from './toast';

function renderToasts() {
  render(
    <MantineProvider>
      <Notifications limit={TOAST_LIMIT} position="top-center" />
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

  it('closes a toast when it is clicked', async () => {
    renderToasts();
    act(() => toast.success('Update success'));
    const shown = await screen.findByText('Update success');
    await userEvent.click(shown);
    await waitFor(() => expect(screen.queryByText('Update success')).not.toBeInTheDocument());
  });
});
