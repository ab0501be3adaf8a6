import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text, type MantineColor } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
  /** Escape or the close button; Cancel by default. */
  onClose?(): void;
  /** Red by default: most questions here are about removing something. */
  confirmColor?: MantineColor;
}

/** A modal question with Cancel and a confirm button. Loaded on first use (see LazyConfirmDialog). */
export default function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel, busy, onConfirm, onCancel, onClose = onCancel, confirmColor = 'red.8' }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
