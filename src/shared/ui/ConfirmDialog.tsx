import { Button, Group, Modal, Text, type MantineColor } from '@mantine/core';
import { useT } from '../../messages/t';

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
export default function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
  onClose = onCancel,
  confirmColor = 'red.8',
}: ConfirmDialogProps) {
  const t = useT();
  return (
    // Built from Modal's parts so its header is a plain div: a <header> in a dialog would be a
    // second banner landmark beside the page's own.
    <Modal.Root opened={opened} onClose={() => !busy && onClose()} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('dialog.close')} />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">{message}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button color={confirmColor} onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
