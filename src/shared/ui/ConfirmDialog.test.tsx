import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A button that opens the question, as the pages do; `busy` as while the confirmed call runs;
 * `startOpen` as a question taken up again after a sign-in.
 */
function Asker({
  busy = false,
  startOpen = false,
  onClose,
  children,
}: {
  busy?: boolean;
  startOpen?: boolean;
  onClose?: () => void;
  children?: React.ReactNode;
}) {
  const [opened, setOpened] = useState(startOpen);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Remove SMS Authentication
      </button>
      <ConfirmDialog
        opened={opened}
        title="Remove SMS Authentication?"
        message="You will no longer be able to sign in with it."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => undefined}
        onCancel={() => setOpened(false)}
        onClose={() => (onClose?.(), setOpened(false))}
      >
        {children}
      </ConfirmDialog>
    </MantineProvider>
  );
}

async function openQuestion(props: Parameters<typeof Asker>[0] = {}) {
  const user = userEvent.setup();
  render(<Asker {...props} />);
  const opener = screen.getByRole('button', { name: 'Remove SMS Authentication' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Remove SMS Authentication?' });
  return { user, opener, dialog: dialog as HTMLDialogElement };
}

describe('ConfirmDialog', () => {
  it('opened from the start (a question taken up again after a sign-in), stays open when its effect runs twice, as StrictMode runs it', () => {
    const onClose = vi.fn();
    render(
      <StrictMode>
        <Asker startOpen onClose={onClose} />
      </StrictMode>,
    );
    expect((screen.getByRole('dialog', { name: 'Remove SMS Authentication?' }) as HTMLDialogElement).open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('names the question and its text, and gives focus back to the button that asked once it closes', async () => {
    const { user, opener, dialog } = await openQuestion();
    expect(dialog).toHaveAccessibleDescription('You will no longer be able to sign in with it.');
    expect(dialog.open).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('while its action runs, stays open when the browser closes it (a second Escape) and when Escape is pressed', async () => {
    const onClose = vi.fn();
    const { dialog } = await openQuestion({ busy: true, onClose });
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      dialog.close();
    });
    expect(screen.getByRole('dialog', { name: 'Remove SMS Authentication?' })).toBe(dialog);
    expect(dialog.open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('otherwise a close by the browser is a request to close, as Escape is', async () => {
    const onClose = vi.fn();
    const { opener, dialog } = await openQuestion({ onClose });
    act(() => dialog.close());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('puts the focus in the field it asks for, where one is marked to have it', async () => {
    await openQuestion({ children: <input aria-label="Nickname" data-autofocus /> });
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveFocus();
  });
});
